import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Banner } from '@douyinfe/semi-ui';
import { t } from '../core/i18n';

/** Browsers word a failed lazy chunk differently; all mean "the deployed files changed under us". */
const DYNAMIC_IMPORT_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;
const RELOAD_MARK = 'app.reloadedForChunk';

export function isDynamicImportFailure(err: unknown): boolean {
  return DYNAMIC_IMPORT_FAILURE.test(err instanceof Error ? err.message : String(err));
}

/** Reloads once per 10 s at most, so a chunk that is really gone cannot loop the page. */
function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last < 10_000) return false;
    sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

interface State {
  error?: Error;
  reloading?: boolean;
}

/**
 * Wraps each view: a view that fails to load or render shows '页面存在错误：{message}' (docs/reference/product-spec.md §2) in
 * place of the page while the frame keeps working; a failed dynamic import reloads the page instead.
 */
export class ViewBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[view]', error, info.componentStack);
    if (isDynamicImportFailure(error) && reloadOnce()) this.setState({ reloading: true });
  }

  override componentDidUpdate(prev: { resetKey?: string }): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined, reloading: false });
  }

  override render(): ReactNode {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    return (
      <div data-testid="view-error" style={{ padding: 16 }}>
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          description={reloading ? t('app:route.reloading') : t('core:pageError', { message: error.message })}
        />
      </div>
    );
  }
}
