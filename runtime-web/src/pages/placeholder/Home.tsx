import { Empty } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import './placeholder.css';

/** The home view (`/`) until the dashboard issue lands. */
export default function Home() {
  const { t } = useTranslation('app');
  return (
    <div className="app-placeholder" data-testid="view-home">
      <Empty title={t('placeholder.homeTitle')} description={t('placeholder.homeText')} />
    </div>
  );
}
