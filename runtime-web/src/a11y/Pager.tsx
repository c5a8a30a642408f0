/**
 * Page navigation in Semi's pagination look, for keyboard and screen-reader users: a labelled `nav` of real
 * buttons named in the current language, the current page marked `aria-current`, and the page-size select
 * named. Semi's Pagination puts `li role="button"` items (not focusable, named "Previous", "Page 3" in
 * English) and a `div` straight into a `ul` (docs/decisions.md, "Accessibility").
 */
import { Select } from '@douyinfe/semi-ui';
import { IconChevronLeft, IconChevronRight } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import './locales';

export interface PagerProps {
  total: number;
  currentPage: number;
  pageSize: number;
  pageSizeOpts?: readonly number[];
  showSizeChanger?: boolean;
  size?: 'small' | 'default';
  onChange(page: number, size: number): void;
}

/** Page numbers to show: first, last, the current one and its neighbours, gaps as null. */
export function pageItems(current: number, pages: number, around = 2): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= around) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export function Pager({ total, currentPage, pageSize, pageSizeOpts = [], showSizeChanger = false, size = 'default', onChange }: PagerProps) {
  const { t } = useTranslation('a11y');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, currentPage), pages);
  const small = size === 'small';
  const item = (p: number | null, i: number) =>
    p === null ? (
      <li key={`gap${i}`} className="semi-page-item semi-page-item-disabled sa-pager__gap" aria-hidden>
        …
      </li>
    ) : (
      <li key={p}>
        <button
          type="button"
          className={`semi-page-item sa-pager__btn${p === page ? ' semi-page-item-active' : ''}`}
          aria-current={p === page ? 'page' : undefined}
          aria-label={t('page', { page: p })}
          onClick={() => p !== page && onChange(p, pageSize)}
        >
          {p}
        </button>
      </li>
    );
  return (
    <nav className="sa-pager" aria-label={t('pagination')} data-testid="pager">
      <ul className={`semi-page${small ? ' semi-page-small' : ''}`}>
        <li>
          <button type="button" className={`semi-page-item semi-page-prev sa-pager__btn${page <= 1 ? ' semi-page-item-disabled' : ''}`} aria-label={t('prev')} disabled={page <= 1} onClick={() => onChange(page - 1, pageSize)}>
            <IconChevronLeft aria-hidden />
          </button>
        </li>
        {small ? (
          <li className="sa-pager__small" aria-live="polite">
            {t('pageOf', { page, pages })}
          </li>
        ) : (
          pageItems(page, pages).map(item)
        )}
        <li>
          <button type="button" className={`semi-page-item semi-page-next sa-pager__btn${page >= pages ? ' semi-page-item-disabled' : ''}`} aria-label={t('next')} disabled={page >= pages} onClick={() => onChange(page + 1, pageSize)}>
            <IconChevronRight aria-hidden />
          </button>
        </li>
      </ul>
      {showSizeChanger && pageSizeOpts.length ? (
        <Select
          className="sa-pager__size"
          size={small ? 'small' : 'default'}
          value={pageSize}
          aria-label={t('pageSize')}
          optionList={pageSizeOpts.map((n) => ({ value: n, label: t('perPage', { n }) }))}
          onChange={(v) => onChange(1, Number(v))}
        />
      ) : null}
    </nav>
  );
}
