/** The record history drawer: who changed what and when, old → new, secrets masked by the server. */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Empty, Spin, Tag, Timeline } from '@douyinfe/semi-ui';
import { Drawer } from '../a11y/Drawer';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { labelIn } from '../crud/model';
import type { HistoryEntry } from '../crud/provider';
import type { CrudStore } from '../crud/store';
import type { Row } from '../crud/types';
import { formatDate, jsonPreview } from './format';

const raw = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'object' ? jsonPreview(v, 120) : String(v));

export const HistoryDrawer = observer(function HistoryDrawer({ store, row, onClose }: { store: CrudStore; row: Row | undefined; onClose(): void }) {
  const { t } = useTranslation('crud');
  const { app } = useStores();
  const locale = app.locale;
  const [entries, setEntries] = useState<HistoryEntry[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!row) return;
    setEntries(undefined);
    setError(undefined);
    store.provider.history(row.id).then(setEntries, (e: Error) => setError(e.message));
  }, [row, store]);
  const { dict } = useStores();
  const fields = new Map(store.model.entity.fields.map((f) => [f.name, f]));
  const label = (name: string) => labelIn(fields.get(name)?.label, locale, name);
  // Option and dictionary values read as their labels, like the table shows them.
  const show = (name: string, v: unknown) => {
    const f = fields.get(name);
    const opt = f?.options?.find((o) => o.value === v);
    if (opt) return labelIn(opt.label, locale);
    if (f?.dict && v !== null && v !== undefined) return dict.labelOf(f.dict, v);
    if (f?.type === 'boolean' && typeof v === 'boolean') return v ? t('yes') : t('no');
    return raw(v);
  };
  return (
    <Drawer visible={!!row} title={row ? t('historyTitle', { id: String(row.id) }) : ''} onCancel={onClose} width={app.screen === 'xs' ? '100%' : 520} data-testid="crud-history">
      {error ? <Empty description={t('loadError', { message: error })} /> : null}
      {!entries && !error ? <Spin /> : null}
      {entries && !entries.length ? <Empty description={t('historyEmpty')} /> : null}
      {entries?.length ? (
        <Timeline>
          {entries.map((e) => {
            const changes = (e.changes ?? {}) as Record<string, unknown>;
            return (
              <Timeline.Item key={e.id} time={t('historyBy', { user: e.userName ?? t('systemUser'), time: formatDate(e.createTime, locale) })} type={e.action === 'delete' ? 'error' : e.action === 'add' ? 'success' : 'ongoing'}>
                <Tag size="small" type="light" color={e.action === 'delete' ? 'red' : e.action === 'add' ? 'green' : 'blue'}>
                  {t(`historyAction.${e.action}`, { defaultValue: e.action })}
                </Tag>
                <table className="crud-history-table">
                  <tbody>
                    {Object.entries(changes).map(([name, change]) => (
                      <tr key={name}>
                        <th>{label(name)}</th>
                        {e.action === 'update' && Array.isArray(change) ? (
                          <td>
                            <span className="crud-history-old">{show(name, change[0])}</span> → <span className="crud-history-new">{show(name, change[1])}</span>
                          </td>
                        ) : (
                          <td>{show(name, change)}</td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Timeline.Item>
            );
          })}
        </Timeline>
      ) : null}
    </Drawer>
  );
});
