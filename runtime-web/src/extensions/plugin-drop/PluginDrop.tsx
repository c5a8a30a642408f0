import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Modal, Toast } from '@douyinfe/semi-ui';
import { IconAlertCircle, IconAlertTriangle, IconUpload } from '@douyinfe/semi-icons';
import { useStores } from '../../core/stores/context';
import { PLUGIN_REFRESH_EVENT } from './events';
import { installDropped, isPluginFile, pluginNameOf } from './flow';
import type { InstallAnswer } from './flow';
import { readDroppedManifest } from './manifest';
import './locales';
import './plugin-drop.css';

const PLUGIN_PAGE = '/helper/plugins';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** A Semi confirmation as a promise: true on OK, false on cancel or close. */
function ask(options: { title: string; content: string; okText: string; cancelText: string; kind: 'info' | 'warning' | 'error'; testId: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const icon =
      options.kind === 'error' ? (
        <IconAlertCircle style={{ color: 'var(--semi-color-danger)' }} size="extra-large" />
      ) : options.kind === 'warning' ? (
        <IconAlertTriangle style={{ color: 'var(--semi-color-warning)' }} size="extra-large" />
      ) : (
        <IconUpload style={{ color: 'var(--semi-color-primary)' }} size="extra-large" />
      );
    Modal.confirm({
      title: options.title,
      content: <span data-testid={options.testId}>{options.content}</span>,
      icon,
      okText: options.okText,
      cancelText: options.cancelText,
      okButtonProps: { type: options.kind === 'error' ? 'danger' : 'primary', 'data-testid': 'plugin-drop-ok' } as object,
      cancelButtonProps: { 'data-testid': 'plugin-drop-cancel' } as object,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * Dropping a `.cool` file anywhere on the console installs it (docs/reference/product-spec.md §2, §4). Drops an inner widget
 * already handled (an upload area) are left alone. Only a super-admin sees the hint while dragging; the
 * server refuses everyone else, and they are told so when they drop a plugin.
 */
export const PluginDrop = observer(function PluginDrop() {
  const { t } = useTranslation('pluginDrop');
  const { user, request, app } = useStores();
  const isSuper = user.info?.isSuper === true;
  const signedIn = user.isLoggedIn;
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const busy = useRef(false);

  useEffect(() => {
    if (!signedIn) return undefined;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current += 1;
      setDragging(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    // Without this the browser would open a dropped file in place of the console.
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      depth.current = 0;
      setDragging(false);
      if (!hasFiles(e)) return;
      const file = Array.from(e.dataTransfer?.files ?? []).find((f) => isPluginFile(f.name));
      if (e.defaultPrevented && !file) return;
      e.preventDefault();
      if (!file) return;
      if (!isSuper) {
        Toast.warning(t('superOnly'));
        return;
      }
      if (busy.current) return;
      busy.current = true;
      void install(file).finally(() => {
        busy.current = false;
      });
    };
    const install = async (file: File) => {
      // The manifest's name, as the plugin list will show it; the file name when the package is unreadable.
      const manifest = await readDroppedManifest(file);
      const name = manifest?.name ?? pluginNameOf(file.name);
      const keyName = manifest?.keyName ?? pluginNameOf(file.name);
      const go = await ask({ kind: 'info', testId: 'plugin-drop-ask', title: t('title'), content: t('detected', { name }), okText: t('install'), cancelText: t('cancel') });
      if (!go) return;
      const post = (force: boolean) => {
        const form = new FormData();
        form.append('files', file);
        form.append('force', String(force));
        return request<InstallAnswer | null | undefined>({ url: '/admin/plugin/info/install', method: 'POST', data: form });
      };
      try {
        const outcome = await installDropped({
          post,
          confirm: (kind, message) =>
            ask({
              kind,
              testId: `plugin-drop-${kind}`,
              title: kind === 'error' ? t('errorTitle') : t('warningTitle'),
              content: message,
              okText: t('continue'),
              cancelText: t('cancel'),
            }),
        });
        if (outcome !== 'installed') return;
        window.dispatchEvent(new CustomEvent(PLUGIN_REFRESH_EVENT, { detail: { name, keyName } }));
        if (window.location.pathname.startsWith(PLUGIN_PAGE)) {
          Toast.success(t('installed', { name }));
        } else if (await ask({ kind: 'info', testId: 'plugin-drop-done', title: t('openTitle'), content: t('openText', { name }), okText: t('open'), cancelText: t('later') })) {
          app.navigate(PLUGIN_PAGE);
        }
      } catch (err) {
        Toast.error(t('failed', { message: err instanceof Error ? err.message : String(err) }));
      }
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [signedIn, isSuper, request, app, t]);

  if (!dragging || !isSuper) return null;
  return (
    <div className="plugin-drop" data-testid="plugin-drop-zone" aria-hidden="true">
      <div className="plugin-drop__hint">
        <IconUpload size="extra-large" />
        <span>{t('hint')}</span>
      </div>
    </div>
  );
});
