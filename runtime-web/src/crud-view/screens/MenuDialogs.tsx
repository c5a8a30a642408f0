/**
 * The menu screen's own actions (docs/reference/frontend-reference.md §6 menus), registered by name for `base/sys/menu`:
 * import (a JSON file → tree preview → `import`), export (checked menus → `export` → a JSON download) and
 * parse-and-create an entity from its JSON Schema (development only) with a menu under a chosen parent.
 */
import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Empty, Input, Modal, TextArea, Toast, Tree, TreeSelect } from '@douyinfe/semi-ui';
import { IconUpload } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../core/stores/context';
import { buildTree } from '../../crud/tree';
import type { TreeRow } from '../../crud/tree';
import type { Row } from '../../crud/types';
import { withAncestors } from '../form/checkTree';
import type { ActionDialogProps } from '../registry';
import { countMenus, exportFileName, menusOfFile } from './menuTransfer';
import type { MenuNode } from './menuTransfer';
import './locales';

const MENU = '/admin/base/sys/menu';

const previewNodes = (list: readonly MenuNode[], path = 'n'): Record<string, unknown>[] =>
  list.map((m, i) => ({
    key: `${path}-${i}`,
    label: `${m.name}${m.router ? `  ${String(m.router)}` : ''}`,
    children: previewNodes(m.childMenus ?? [], `${path}-${i}`),
  }));

const rowNodes = (rows: readonly Row[]) => {
  const toNode = (r: TreeRow): Record<string, unknown> => ({
    key: String(r.id),
    value: String(r.id),
    label: String(r.name ?? r.id),
    children: (r.children ?? []).map(toNode),
  });
  return buildTree(rows, { field: 'orderNum', order: 'asc' }).map(toNode);
};

/** A busy flag around one request at a time; a failure is shown as the server worded it. */
function useBusy(): [boolean, (work: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      Toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}

/** One modal frame for the three dialogs: cancel plus the dialog's own buttons. */
function Frame({ title, width, onClose, buttons, children }: { title: string; width?: number; onClose(): void; buttons: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('screens');
  return (
    <Modal
      visible
      title={title}
      width={width}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <>
          <Button onClick={onClose}>{t('cancel')}</Button>
          {buttons}
        </>
      }
    >
      {children}
    </Modal>
  );
}

export function ImportMenus({ onClose }: ActionDialogProps) {
  const { t } = useTranslation('screens');
  const { request } = useStores();
  const input = useRef<HTMLInputElement>(null);
  const [menus, setMenus] = useState<MenuNode[] | undefined>();
  const [file, setFile] = useState<string>();
  const [busy, run] = useBusy();
  const read = async (f: File) => {
    setFile(f.name);
    try {
      const list = menusOfFile(JSON.parse(await f.text()));
      setMenus(list);
      if (!list) Toast.error(t('importBad'));
    } catch {
      setMenus(undefined);
      Toast.error(t('importBad'));
    }
  };
  const submit = () =>
    run(async () => {
      if (!menus) return;
      await request({ url: `${MENU}/import`, method: 'POST', data: { menus } });
      Toast.success(t('importDone'));
      onClose(true);
    });
  return (
    <Frame
      title={t('importTitle')}
      onClose={() => onClose()}
      buttons={
        <>
          <Button theme="solid" type="primary" disabled={!menus} loading={busy} onClick={() => void submit()} data-testid="menu-import-submit">
            {t('confirm')}
          </Button>
        </>
      }
    >
      <Button icon={<IconUpload />} onClick={() => input.current?.click()}>
        {file ?? t('chooseFile')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept="application/json,.json"
        data-testid="menu-import-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void read(f);
        }}
      />
      {menus ? (
        <div className="crud-menu-preview" data-testid="menu-import-preview">
          <p className="crud-muted">
            {t('importPreview')} ({countMenus(menus)})
          </p>
          <Tree expandAll treeData={previewNodes(menus) as never} />
        </div>
      ) : null}
    </Frame>
  );
}

export function ExportMenus({ ctx, onClose }: ActionDialogProps) {
  const { t } = useTranslation('screens');
  const { request } = useStores();
  const rows = ctx.store.rows;
  const [checked, setChecked] = useState<string[]>([]);
  const [busy, run] = useBusy();
  const tree = useMemo(() => rowNodes(rows), [rows]);
  const submit = async () => {
    const byKey = new Map(rows.map((r) => [String(r.id), r.id]));
    // Checked plus half-checked: a chosen menu comes with the directories above it.
    const ids = withAncestors(
      rows,
      checked.map((k) => byKey.get(k)),
    );
    if (!ids.length) return void Toast.warning(t('exportNone'));
    await run(async () => {
      const data = await request<MenuNode[]>({
        url: `${MENU}/export`,
        method: 'POST',
        data: { ids },
      });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName(t('exportFile'));
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      Toast.success(t('exportDone', { n: countMenus(data) }));
      onClose();
    });
  };
  return (
    <Frame
      title={t('exportTitle')}
      onClose={() => onClose()}
      buttons={
        <>
          <Button theme="solid" type="primary" loading={busy} onClick={() => void submit()} data-testid="menu-export-submit">
            {t('confirm')}
          </Button>
        </>
      }
    >
      {tree.length ? (
        <div className="crud-check-tree" data-testid="menu-export-tree">
          <Tree
            multiple
            filterTreeNode
            showFilteredOnly
            searchPlaceholder={t('filter')}
            treeData={tree as never}
            value={checked}
            onChange={(v) => {
              const keys = ((v ?? []) as unknown as string[]).map(String);
              // Semi may name only a fully checked parent: its whole branch is chosen.
              const all = new Set<string>();
              const add = (n: Record<string, unknown>, on: boolean) => {
                const here = on || keys.includes(String(n.key));
                if (here) all.add(String(n.key));
                for (const c of (n.children as Record<string, unknown>[]) ?? []) add(c, here);
              };
              tree.forEach((n) => add(n, false));
              setChecked([...all]);
            }}
          />
        </div>
      ) : (
        <Empty />
      )}
    </Frame>
  );
}

/** Messages as the reference family words them: no data, not an object schema, no parent. */
export function ParseEntity({ ctx, onClose }: ActionDialogProps) {
  const { t } = useTranslation('screens');
  const { request } = useStores();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [parentId, setParentId] = useState<string | undefined>();
  const [menuName, setMenuName] = useState('');
  const [summary, setSummary] = useState<Record<string, unknown> | undefined>();
  const [busy, run] = useBusy();
  const dirs = ctx.store.rows.filter((r) => r.type === 0);
  const body = (): Record<string, unknown> | undefined => {
    if (!text.trim()) return void Toast.warning(t('parseRequired'));
    let entity: unknown;
    try {
      entity = JSON.parse(text);
    } catch {
      return void Toast.warning(t('parseStructure'));
    }
    if (!entity || typeof entity !== 'object' || Array.isArray(entity) || typeof (entity as { properties?: unknown }).properties !== 'object')
      return void Toast.warning(t('parseStructure'));
    return {
      entity,
      ...(fileName.trim() ? { fileName: fileName.trim() } : {}),
    };
  };
  const call = async (what: 'parse' | 'create') => {
    const data = body();
    if (!data) return;
    if (what === 'create' && !parentId) return void Toast.warning(t('parentRequired'));
    await run(async () => {
      const s = await request<Record<string, unknown>>({
        url: `${MENU}/${what}`,
        method: 'POST',
        data,
      });
      setSummary(s);
      if (what === 'create') {
        const entity = data.entity as {
          'x-label'?: Record<string, string>;
          title?: string;
        };
        const route = String(s.path ?? '').replace(/^\/admin/, '');
        await request({
          url: `${MENU}/add`,
          method: 'POST',
          data: {
            parentId: Number(parentId),
            type: 1,
            name: menuName.trim() || entity['x-label']?.['zh-cn'] || entity.title || String(s.fileName),
            router: route,
            viewPath: `modules${route}.vue`,
            keepAlive: true,
            isShow: true,
            orderNum: 0,
          },
        });
        Toast.success(t('parseDone'));
        onClose(true);
      }
    });
  };
  return (
    <Frame
      title={t('parseTitle')}
      width={720}
      onClose={() => onClose()}
      buttons={
        <>
          <Button loading={busy} onClick={() => void call('parse')} data-testid="menu-parse">
            {t('parse')}
          </Button>
          <Button theme="solid" type="primary" loading={busy} onClick={() => void call('create')} data-testid="menu-create">
            {t('create')}
          </Button>
        </>
      }
    >
      <div className="crud-stack">
        <TextArea
          className="crud-code"
          aria-label={t('parseEntity')}
          placeholder={t('parseEntity')}
          autosize={{ minRows: 8, maxRows: 16 }}
          value={text}
          onChange={setText}
          data-testid="menu-parse-entity"
        />
        <Input aria-label={t('parseFile')} placeholder={t('parseFile')} value={fileName} onChange={setFileName} />
        <TreeSelect
          aria-label={t('parseParent')}
          placeholder={t('parseParent')}
          style={{ width: '100%' }}
          filterTreeNode
          showClear
          expandAll
          treeData={rowNodes(dirs) as never}
          value={parentId}
          onChange={(v) => setParentId(v ? String(v) : undefined)}
        />
        <Input aria-label={t('menuName')} placeholder={t('menuName')} value={menuName} onChange={setMenuName} />
        {summary ? (
          <div>
            <p className="crud-muted">{t('parseResult')}</p>
            <pre className="crud-json" data-testid="menu-parse-result">
              {JSON.stringify(
                {
                  path: summary.path,
                  tableName: summary.tableName,
                  columns: (summary.columns as { propertyName?: string }[] | undefined)?.map((c) => c.propertyName),
                },
                null,
                2,
              )}
            </pre>
          </div>
        ) : null}
      </div>
    </Frame>
  );
}
