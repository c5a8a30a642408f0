import { Banner } from '@douyinfe/semi-ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { devSchema } from '../core/devEvents';

/** `npm run dev`: a save under schemas/ that the generator refused, with its message (core/devEvents.ts). */
export const DevSchemaBanner = observer(function DevSchemaBanner() {
  const { t } = useTranslation('layout');
  const state = devSchema.get();
  if (!state || state.ok) return null;
  return (
    <Banner
      type="danger"
      fullMode={false}
      closeIcon={null}
      data-testid="dev-schema-error"
      title={t('devSchemaError')}
      description={<pre className="sa-dev-schema-error">{state.error}</pre>}
    />
  );
});
