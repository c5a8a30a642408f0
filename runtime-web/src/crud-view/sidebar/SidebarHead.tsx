/** The sidebar's title row (reorder, add, manage, refresh) and, while reordering, its save/cancel bar. */
import { Button } from '@douyinfe/semi-ui';
import { IconHandle, IconPlus, IconRefresh, IconSetting } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';

export function SidebarHead({
  title,
  canOrder,
  ordering,
  saving,
  onReorder,
  onCancelOrder,
  onSaveOrder,
  onAdd,
  onManage,
  onRefresh,
}: {
  title: string;
  canOrder: boolean;
  ordering: boolean;
  saving: boolean;
  onReorder(): void;
  onCancelOrder(): void;
  onSaveOrder(): void;
  onAdd?: () => void;
  onManage?: () => void;
  onRefresh(): void;
}) {
  const { t } = useTranslation('crud');
  const { t: ts } = useTranslation('screens');
  return (
    <>
      <div className="crud-sidebar__head">
        <span>{title}</span>
        <span>
          {canOrder && !ordering && (
            <Button
              size="small"
              theme="borderless"
              icon={<IconHandle />}
              aria-label={ts('reorder')}
              title={ts('reorder')}
              onClick={onReorder}
              data-testid="tree-reorder"
            />
          )}
          {onAdd && <Button size="small" theme="borderless" icon={<IconPlus />} aria-label={t('addOf', { name: title })} title={t('addOf', { name: title })} onClick={onAdd} data-testid="crud-sidebar-add" />}
          {onManage && (
            <Button
              size="small"
              theme="borderless"
              icon={<IconSetting />}
              aria-label={t('manage', { name: title })}
              title={t('manage', { name: title })}
              onClick={onManage}
              data-testid="crud-sidebar-manage"
            />
          )}
          <Button size="small" theme="borderless" icon={<IconRefresh />} aria-label={t('refresh')} onClick={onRefresh} />
        </span>
      </div>
      {ordering && (
        <div className="crud-sidebar__order">
          <span className="crud-muted">{ts('reorder')}</span>
          <Button size="small" onClick={onCancelOrder} data-testid="tree-order-cancel">
            {ts('cancel')}
          </Button>
          <Button size="small" theme="solid" type="primary" loading={saving} onClick={onSaveOrder} data-testid="tree-order-save">
            {ts('saveOrder')}
          </Button>
        </div>
      )}
    </>
  );
}
