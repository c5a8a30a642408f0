/**
 * The tenant demo (schemas/demo/tenant.json): its three actions — filtered by tenant, locally unfiltered,
 * tenancy bypassed — each called from a button, with what it returned. The buttons come from the entity's
 * actions, so the view holds no list of them.
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Banner, Button, Card, Empty, Tag, Typography } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { labelIn } from '../../crud/model';
import type { Labels } from '../../crud/types';
import './locales';

const PREFIX = '/admin/demo/tenant';

interface EpsApi {
  method: string;
  path: string;
  labels?: Labels;
  summary?: string;
}

// The entity has no table and so no screen schema: its actions and labels come from EPS.
export default observer(function TenantDemo() {
  const { t } = useTranslation('modules');
  const stores = useStores();
  const locale = stores.app.locale;
  const [results, setResults] = useState<Record<string, { ok: boolean; value: unknown; busy?: boolean }>>({});
  const entry = stores.eps.entries.find((e) => e.prefix === PREFIX);
  if (!entry) return <Empty title={t('tenant.title')} />;
  const permission = (stores.eps.services as { demo?: { tenant?: { permission?: Record<string, string> } } } | undefined)?.demo?.tenant?.permission;
  const call = async (name: string, method: string, path: string) => {
    setResults((r) => ({ ...r, [name]: { ...(r[name] ?? { ok: true, value: undefined }), busy: true } }));
    try {
      const value = await stores.request({ url: `${PREFIX}${path}`, method, ...(method.toUpperCase() === 'GET' ? {} : { data: {} }) });
      setResults((r) => ({ ...r, [name]: { ok: true, value } }));
    } catch (e) {
      setResults((r) => ({ ...r, [name]: { ok: false, value: (e as Error).message } }));
    }
  };
  return (
    <div className="tenant-demo" data-testid="tenant-demo">
      <Typography.Title heading={5}>{labelIn(entry.label as Labels | undefined, locale, t('tenant.title'))}</Typography.Title>
      <Banner type="info" description={t('tenant.intro')} closeIcon={null} />
      <div className="tenant-demo__grid">
        {((entry.api ?? []) as EpsApi[]).map((a) => {
          const name = a.path.replace(/^\//, '');
          const res = results[name];
          // The demo answers {tenantId, list}: how many rows each way of querying sees is the point.
          const value = res?.value as { list?: unknown } | unknown[] | undefined;
          const rows = Array.isArray(value) ? value : Array.isArray(value?.list) ? value.list : undefined;
          // A super-only action is offered as well: the server's refusal is shown as its answer.
          const perm = permission?.[name];
          const allowed = !perm || stores.menu.hasPerm(perm);
          return (
            <Card
              key={name}
              title={labelIn(a.labels, locale, a.summary ?? name)}
              headerExtraContent={<code>{name}</code>}
              data-action={name}
            >
              <Button theme="solid" type="primary" disabled={!allowed} loading={res?.busy} onClick={() => void call(name, a.method, a.path)}>
                {t('tenant.call')} {a.method.toUpperCase()} {a.path}
              </Button>
              <div className="tenant-demo__result" data-testid={`tenant-result-${name}`}>
                {!res || res.busy ? (
                  <Empty description={t('tenant.notCalled')} />
                ) : (
                  <>
                    <Tag color={res.ok ? 'green' : 'red'}>{rows ? t('tenant.rows', { n: rows.length }) : res.ok ? 'OK' : 'Error'}</Tag>
                    <pre className="crud-json">{typeof res.value === 'string' ? res.value : JSON.stringify(res.value, null, 2)}</pre>
                  </>
                )}
              </div>
            </Card>
          );
        })}
      </div>
    </div>
  );
});
