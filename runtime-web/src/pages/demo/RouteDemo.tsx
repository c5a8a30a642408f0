import { Card, Descriptions } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

/** `/demo/test/route/:id/:name?`: shows the route parameters (name optional). */
export default function RouteDemo() {
  const { t } = useTranslation('app');
  const { id, name } = useParams();
  return (
    <Card title={t('demo.routeTitle')} data-testid="view-route-demo">
      <Descriptions
        data={[
          { key: t('demo.id'), value: <span data-testid="route-param-id">{id}</span> },
          { key: t('demo.name'), value: <span data-testid="route-param-name">{name ?? t('demo.none')}</span> },
        ]}
      />
    </Card>
  );
}
