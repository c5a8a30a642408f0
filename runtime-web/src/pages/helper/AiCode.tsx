import { useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { AutoComplete, Banner, Button, Card, Input, Space, Tag, TextArea, Toast, TreeSelect } from '@douyinfe/semi-ui';
import { useStores } from '../../core/stores/context';
import { buildScreenModel, labelIn } from '../../crud/model';
import type { Row } from '../../crud/types';
import { FieldsTable, Preview } from './AiParts';
import '../../crud/locales';
import { docOf, previewEntity, rowsOf } from './draftDoc';
import type { Doc, FieldRow } from './draftDoc';
import { directoryOptions } from './parentMenus';
import { useCodingModules } from './useCodingModules';
import { readEvents } from '../../core/sse';
import './locales';
import './ai-code.css';

interface Problem {
  pointer: string;
  message: string;
}

/**
 * `/helper/ai-code`: describe → the draft streams in (server-sent events) → edit the fields → live preview
 * with the CRUD renderer → create through base/coding/createCode (development only; the server says why
 * otherwise) → open the new screen.
 */
const AiCode = observer(function AiCode() {
  const { t } = useTranslation('aiHelper');
  const { app, user, menu, eps, request } = useStores();
  const [description, setDescription] = useState('');
  const [moduleName, setModuleName] = useState('');
  const [entityName, setEntityName] = useState('');
  /** The provider's text as it streams in (pieces of one text, so joined as they come). */
  const [log, setLog] = useState('');
  const [source, setSource] = useState<{ local: boolean; model: string }>();
  const [base, setBase] = useState<Doc>();
  const [rows, setRows] = useState<FieldRow[]>([]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [creating, setCreating] = useState(false);
  const [sample, setSample] = useState<Row>({});
  // Where the new page's menu goes; unset = the module's directory (the server's default).
  const [parentId, setParentId] = useState<number>();
  const abort = useRef<AbortController>();
  const { disabled, modules } = useCodingModules(request, app.locale);

  const doc = useMemo(() => (base ? docOf(base, rows) : undefined), [base, rows]);
  const model = useMemo(() => (doc ? buildScreenModel(previewEntity(doc)) : undefined), [doc]);

  const draft = async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLog('');
    setProblems([]);
    setSource(undefined);
    setStreaming(true);
    try {
      const res = await fetch('/api/admin/helper/ai/draft', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: user.token ?? '', language: app.locale },
        body: JSON.stringify({ description, ...(moduleName ? { module: moduleName } : {}), ...(entityName ? { entity: entityName } : {}) }),
        signal: controller.signal,
      });
      const type = res.headers.get('content-type') ?? '';
      if (!type.includes('text/event-stream')) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? `HTTP ${res.status}`);
      }
      for await (const { event, data } of readEvents(res.body!)) {
        const d = data as Record<string, unknown>;
        if (event === 'start') setSource({ local: d.source === 'local', model: String(d.model ?? '') });
        // Only the provider's own text: the server's status line (`message`) is in the language of the request,
        // and the source tag above says the same in the language shown now, switched along with it.
        else if (event === 'progress' && typeof d.delta === 'string') setLog((l) => l + (d.delta as string));
        else if (event === 'schema') {
          const next = d.schema as Doc;
          setBase(next);
          setRows(rowsOf(next));
          setSample({});
        } else if (event === 'validation') setProblems(((d.errors ?? []) as Problem[]).slice(0, 20));
        else if (event === 'error') throw new Error(String(d.message));
      }
    } catch (err) {
      if (controller.signal.aborted) Toast.info(t('cancelled'));
      else Toast.error(t('failed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setStreaming(false);
    }
  };

  const create = async () => {
    if (!doc) return;
    setCreating(true);
    try {
      const created = await request<{ id: string; prefix: string; menu?: { router?: string } | null }>({
        url: '/admin/base/coding/createCode',
        method: 'POST',
        data: { schema: doc, ...(parentId !== undefined ? { parentId } : {}) },
      });
      Toast.success(t('created', { name: labelIn(doc['x-label'] as Record<string, string>, app.locale, doc.$id) }));
      await Promise.all([menu.loadPermMenu(), eps.load()]);
      const route = created.menu?.router ?? (doc['x-screen'] as { route?: string } | undefined)?.route ?? `/${created.id}`;
      app.navigate(route);
    } catch (err) {
      Toast.error(t('failed', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="ai-code" data-testid="view-ai-code">
      {disabled && <Banner type="warning" fullMode={false} closeIcon={null} description={disabled} data-testid="ai-disabled" />}
      <Card title={t('title')}>
        <TextArea value={description} onChange={setDescription} placeholder={t('describeHint')} aria-label={t('describe')} autosize={{ minRows: 2, maxRows: 6 }} data-testid="ai-description" />
        <Space className="ai-code__bar" wrap>
          <AutoComplete
            value={moduleName}
            data={modules}
            onChange={(v) => setModuleName(String(v ?? ''))}
            placeholder={t('module')}
            aria-label={t('module')}
            style={{ width: 160 }}
            data-testid="ai-module"
          />
          <Input value={entityName} onChange={setEntityName} placeholder={t('entity')} aria-label={t('entity')} style={{ width: 160 }} data-testid="ai-entity" />
          <Button theme="solid" onClick={() => void draft()} loading={streaming} disabled={!description.trim() || disabled !== undefined} data-testid="ai-draft">
            {t('draft')}
          </Button>
          {streaming && (
            <Button type="danger" onClick={() => abort.current?.abort()} data-testid="ai-cancel">
              {t('cancel')}
            </Button>
          )}
          {source && (
            <Tag color={source.local ? 'orange' : 'blue'} data-testid="ai-source">
              {source.local ? t('offline') : t('remote', { model: source.model })}
            </Tag>
          )}
        </Space>
        {log && <pre className="ai-code__log">{log}</pre>}
      </Card>

      {!doc ? (
        <Banner type="info" fullMode={false} closeIcon={null} description={t('empty')} />
      ) : (
        <>
          {problems.length > 0 && (
            <Banner type="warning" fullMode={false} closeIcon={null} title={t('invalid')} description={problems.map((p) => `${p.pointer}: ${p.message}`).join('；')} data-testid="ai-problems" />
          )}
          <FieldsTable id={doc.$id} rows={rows} setRows={setRows} />
          {model && <Preview model={model} sample={sample} onSample={setSample} />}
          <Space wrap>
            <TreeSelect
              treeData={directoryOptions(menu.tree) as never}
              value={parentId}
              onChange={(v) => setParentId(typeof v === 'number' ? v : undefined)}
              placeholder={t('parentDefault')}
              aria-label={t('parent')}
              prefix={t('parent')}
              filterTreeNode
              showClear
              style={{ width: 300 }}
              data-testid="ai-parent"
            />
            <Button theme="solid" type="primary" onClick={() => void create()} loading={creating} disabled={streaming || rows.length === 0 || disabled !== undefined} data-testid="ai-create">
              {creating ? t('creating') : t('create')}
            </Button>
          </Space>
        </>
      )}
    </div>
  );
});

export default AiCode;
