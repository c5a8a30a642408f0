import { Empty } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import './placeholder.css';

/** Stands in for a schema-backed screen until the generic CRUD page lands: never a blank page. */
export default function Placeholder({ title, viewPath }: { title?: string; viewPath?: string | null }) {
  const { t } = useTranslation('app');
  return (
    <div className="app-placeholder" data-testid="view-placeholder">
      <Empty
        title={title}
        description={
          <>
            <p>{t('placeholder.crudComing')}</p>
            {viewPath ? <p className="app-placeholder__path">{t('placeholder.viewPath', { path: viewPath })}</p> : null}
          </>
        }
      />
    </div>
  );
}
