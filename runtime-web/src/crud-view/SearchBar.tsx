/** Keyword search (Enter or the button), filters with the fitting widget, an advanced-search drawer and reset. */
import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input, InputNumber, Select } from '@douyinfe/semi-ui';
import { Drawer } from '../a11y/Drawer';
import { IconFilter, IconSearch } from '@douyinfe/semi-icons';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { labelIn } from '../crud/model';
import type { FilterModel } from '../crud/model';
import type { CrudStore } from '../crud/store';
import { DateRange, NumberRange } from './RangeFilters';
import { RefSelect } from './RefSelect';
import { FilterBuilder } from './FilterBuilder';
import { cleanWhere, countConditions, isGroup, whereFields } from '../crud/where';
import type { WhereGroup } from '../crud/where';

/** Filters shown inline; the rest go to the advanced-search drawer. */
const INLINE = 3;

function FilterInput({ filter, value, onChange, wide }: { filter: FilterModel; value: unknown; onChange(v: unknown): void; wide?: boolean }) {
  const { t } = useTranslation('crud');
  const { app, dict } = useStores();
  const label = labelIn(filter.label, app.locale, filter.field);
  const width = wide ? '100%' : filter.kind === 'text' || filter.kind === 'ref' ? 200 : 150;
  const common = { style: { width }, 'aria-label': label, 'data-filter': filter.field } as const;
  const select = (options: { label: string; value: string | number | boolean }[]) => (
    <Select
      {...common}
      showClear
      filter
      placeholder={label}
      value={value as string | number | undefined}
      optionList={options as never}
      onChange={(v) => onChange(v === undefined || v === null ? undefined : v)}
    />
  );
  switch (filter.kind) {
    case 'dict':
      return select(dict.get(filter.meta!.dict!).map((o) => ({ label: o.label, value: o.value as string | number })));
    case 'options':
      return select(filter.meta!.options!.map((o) => ({ label: labelIn(o.label, app.locale), value: o.value as string | number })));
    case 'boolean':
      return select([
        { label: t('yes'), value: true },
        { label: t('no'), value: false },
      ]);
    case 'ref':
      return <RefSelect {...common} refId={filter.meta!.ref!} placeholder={label} value={value} onChange={onChange} />;
    case 'numberRange':
      return <NumberRange label={label} field={filter.field} value={value} wide={wide} onChange={onChange} />;
    case 'dateRange':
      return <DateRange label={label} field={filter.field} value={value} wide={wide} withTime={filter.meta?.type !== 'date'} onChange={onChange} />;
    case 'number':
      return <InputNumber {...common} placeholder={label} value={value as number | undefined} onNumberChange={(v) => onChange(Number.isFinite(v) ? v : undefined)} onChange={(v) => (v === '' ? onChange(undefined) : undefined)} />;
    default:
      return <TextFilter label={label} width={width} field={filter.field} value={value as string | undefined} onChange={onChange} />;
  }
}

/** Text filters apply on Enter or when cleared, not on every key. */
function TextFilter({ label, width, field, value, onChange }: { label: string; width: number | string; field: string; value: string | undefined; onChange(v: unknown): void }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Input
      style={{ width }}
      aria-label={label}
      data-filter={field}
      placeholder={label}
      showClear
      value={text}
      onChange={(v) => {
        setText(v);
        if (!v) onChange(undefined);
      }}
      onEnterPress={() => onChange(text.trim() || undefined)}
    />
  );
}

export const SearchBar = observer(function SearchBar({ store }: { store: CrudStore }) {
  const { t } = useTranslation('crud');
  const { app } = useStores();
  const model = store.model;
  const [keyWord, setKeyWord] = useState(store.params.keyWord ?? '');
  const [adv, setAdv] = useState(false);
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [draftWhere, setDraftWhere] = useState<WhereGroup>({ and: [] });
  const choices = useMemo(() => whereFields(model.columns), [model.columns]);
  const whereCount = countConditions(store.params.where);
  useEffect(() => setKeyWord(store.params.keyWord ?? ''), [store.params.keyWord]);
  const inline = model.filters.slice(0, INLINE);
  const more = model.filters.length > INLINE || choices.length > 0;
  const hasAny =
    !!store.params.keyWord ||
    !!store.params.where ||
    Object.values(store.params.filters).some((v) => (Array.isArray(v) ? v.some((x) => x !== null && x !== '') : v !== undefined && v !== ''));
  const placeholder = t('keywordPlaceholder', { fields: model.keyWordFields.map((l) => labelIn(l, app.locale)).join(app.locale === 'en' ? ', ' : '、') });
  if (!model.keyWord && !model.filters.length && !choices.length) return null;
  return (
    <div className="crud-search" role="search">
      {inline.map((f) => (
        <FilterInput key={f.field} filter={f} value={store.params.filters[f.field]} onChange={(v) => void store.setFilter(f.field, v)} />
      ))}
      {model.keyWord && (
        <Input
          className="crud-search__key"
          style={{ width: app.screen === 'xs' ? '100%' : 220 }}
          placeholder={placeholder}
          aria-label={placeholder}
          value={keyWord}
          showClear
          onChange={(v) => {
            setKeyWord(v);
            if (!v && store.params.keyWord) void store.search('');
          }}
          onEnterPress={() => void store.search(keyWord)}
          data-testid="crud-keyword"
        />
      )}
      {model.keyWord && (
        <Button theme="solid" type="primary" icon={<IconSearch />} onClick={() => void store.search(keyWord)} data-testid="crud-search-btn">
          {t('search')}
        </Button>
      )}
      {more && (
        <Button
          icon={<IconFilter />}
          onClick={() => {
            setDraft({ ...store.params.filters });
            const w = store.params.where;
            setDraftWhere(w ? (isGroup(w) ? w : { and: [w] }) : { and: [] });
            setAdv(true);
          }}
          data-testid="crud-adv-search"
        >
          {t('advSearch')}
          {whereCount ? ` (${whereCount})` : ''}
        </Button>
      )}
      {hasAny && (
        <Button onClick={() => void store.reset()} data-testid="crud-reset">
          {t('reset')}
        </Button>
      )}
      <Drawer
        visible={adv}
        title={t('advSearch')}
        width={app.screen === 'xs' ? '100%' : 600}
        onCancel={() => setAdv(false)}
        footer={
          <div className="crud-adv__footer">
            <Button
              onClick={() => {
                setDraft({});
                setDraftWhere({ and: [] });
              }}
            >
              {t('clear')}
            </Button>
            <Button onClick={() => setAdv(false)}>{t('close')}</Button>
            <Button
              theme="solid"
              type="primary"
              onClick={() => {
                setAdv(false);
                void store.refresh({ page: 1, filters: Object.fromEntries(model.filters.map((f) => [f.field, draft[f.field]])), where: cleanWhere(draftWhere) });
              }}
              data-testid="crud-adv-apply"
            >
              {t('search')}
            </Button>
          </div>
        }
      >
        {model.filters.map((f) => (
          <div key={f.field} className="crud-adv__item">
            <div className="crud-field__label">{labelIn(f.label, app.locale, f.field)}</div>
            <FilterInput wide filter={f} value={draft[f.field]} onChange={(v) => setDraft({ ...draft, [f.field]: v })} />
          </div>
        ))}
        {choices.length ? (
          <div className="crud-adv__item">
            <div className="crud-field__label">{t('data:advFilter')}</div>
            <FilterBuilder fields={choices} value={draftWhere} onChange={setDraftWhere} />
          </div>
        ) : null}
      </Drawer>
    </div>
  );
});
