/**
 * The advanced filter builder in the advanced-search drawer: nested and/or groups of conditions on the screen's
 * columns, each with the operators its field takes and the input its type needs (crud/where.ts).
 */
import { Button, DatePicker, Input, InputNumber, Select, TagInput } from '@douyinfe/semi-ui';
import { IconClose, IconPlus } from '@douyinfe/semi-icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useStores } from '../core/stores/context';
import { labelIn } from '../crud/model';
import { children, defaultOp, groupKind, isGroup, makeGroup, MAX_UI_DEPTH } from '../crud/where';
import type { WhereCondition, WhereFieldChoice, WhereGroup, WhereNode, WhereOp } from '../crud/where';
import '../crud/dataLocales';

interface Props {
  fields: WhereFieldChoice[];
  value: WhereGroup;
  onChange(next: WhereGroup): void;
}

export function FilterBuilder({ fields, value, onChange }: Props) {
  return (
    <div className="crud-where" data-testid="where-builder">
      <GroupView fields={fields} group={value} depth={1} path="0" onChange={(g) => onChange(g as WhereGroup)} />
    </div>
  );
}

function GroupView({ fields, group, depth, path, onChange, onRemove }: { fields: WhereFieldChoice[]; group: WhereGroup; depth: number; path: string; onChange(g: WhereGroup): void; onRemove?: () => void }) {
  const { t } = useTranslation('data');
  const kind = groupKind(group);
  const list = children(group);
  const set = (next: WhereNode[]) => onChange(makeGroup(kind, next));
  const first = fields[0];
  return (
    <div className={`crud-where__group crud-where__group--${depth}`} data-where-group={path} role="group" aria-label={t('whereGroup')}>
      <div className="crud-where__head">
        <Select
          size="small"
          value={kind}
          aria-label={t('whereMatch')}
          style={{ width: 150 }}
          optionList={[
            { value: 'and', label: t('whereAnd') },
            { value: 'or', label: t('whereOr') },
          ]}
          onChange={(v) => onChange(makeGroup(v as 'and' | 'or', list))}
          data-testid="where-kind"
        />
        <span className="crud-flex1" />
        {first ? (
          <Button size="small" icon={<IconPlus />} onClick={() => set([...list, { field: first.key, op: defaultOp(first.ops) }])} data-testid="where-add-condition">
            {t('whereAddCondition')}
          </Button>
        ) : null}
        {depth < MAX_UI_DEPTH && first ? (
          <Button size="small" icon={<IconPlus />} onClick={() => set([...list, makeGroup(kind === 'and' ? 'or' : 'and', [{ field: first.key, op: defaultOp(first.ops) }])])} data-testid="where-add-group">
            {t('whereAddGroup')}
          </Button>
        ) : null}
        {onRemove ? <Button size="small" theme="borderless" type="danger" icon={<IconClose />} aria-label={t('whereRemoveGroup')} onClick={onRemove} /> : null}
      </div>
      {list.map((node, i) => {
        const replace = (n: WhereNode) => set(list.map((x, j) => (j === i ? n : x)));
        const remove = () => set(list.filter((_, j) => j !== i));
        return isGroup(node) ? (
          <GroupView key={i} fields={fields} group={node} depth={depth + 1} path={`${path}.${i}`} onChange={replace} onRemove={remove} />
        ) : (
          <ConditionView key={i} fields={fields} cond={node} path={`${path}.${i}`} onChange={replace} onRemove={remove} />
        );
      })}
    </div>
  );
}

function ConditionView({ fields, cond, path, onChange, onRemove }: { fields: WhereFieldChoice[]; cond: WhereCondition; path: string; onChange(c: WhereCondition): void; onRemove(): void }) {
  const { t } = useTranslation('data');
  const { app } = useStores();
  const choice = fields.find((f) => f.key === cond.field);
  const ops = choice?.ops ?? [];
  return (
    <div className="crud-where__cond" data-where-cond={path}>
      <Select
        size="small"
        filter
        aria-label={t('whereField')}
        className="crud-where__field"
        value={cond.field}
        optionList={fields.map((f) => ({ value: f.key, label: labelIn(f.column.label, app.locale, f.key) }))}
        onChange={(v) => {
          const next = fields.find((f) => f.key === v);
          if (next) onChange({ field: next.key, op: defaultOp(next.ops) });
        }}
        data-testid="where-field"
      />
      <Select
        size="small"
        aria-label={t('whereOp')}
        className="crud-where__op"
        value={cond.op}
        optionList={ops.map((o) => ({ value: o, label: t(`op.${o}`) }))}
        onChange={(v) => onChange({ field: cond.field, op: v as WhereOp, ...(v === 'isEmpty' ? { value: true } : {}) })}
        data-testid="where-op"
      />
      <span className="crud-where__value">{choice ? <ValueInput choice={choice} cond={cond} onChange={(value) => onChange({ ...cond, value })} /> : null}</span>
      <Button size="small" theme="borderless" type="danger" icon={<IconClose />} aria-label={t('whereRemove')} onClick={onRemove} />
    </div>
  );
}

/** The input a field's type needs; `in` takes several values, `between` two. */
export function ValueInput({ choice, cond, onChange }: { choice: WhereFieldChoice; cond: WhereCondition; onChange(v: unknown): void }) {
  const { t } = useTranslation('data');
  const { app, dict } = useStores();
  const f = choice.field;
  const label = labelIn(choice.column.label, app.locale, choice.key);
  const aria = `${label} ${t(`op.${cond.op}`)}`;
  const common = { size: 'small' as const, 'aria-label': aria, style: { width: '100%' }, 'data-testid': 'where-value' };
  if (cond.op === 'isEmpty') {
    return (
      <Select
        {...common}
        value={cond.value === false ? 'no' : 'yes'}
        optionList={[
          { value: 'yes', label: t('whereYes') },
          { value: 'no', label: t('whereNo') },
        ]}
        onChange={(v) => onChange(v === 'yes')}
      />
    );
  }
  const labelled = f.dict
    ? dict.get(f.dict).map((o) => ({ value: o.value as string | number, label: o.label }))
    : f.options?.length
      ? f.options.map((o) => ({ value: o.value as string | number, label: labelIn(o.label, app.locale) }))
      : f.type === 'boolean'
        ? [
            { value: 1, label: t('whereYes') },
            { value: 0, label: t('whereNo') },
          ]
        : undefined;
  if (labelled) {
    const toWire = (v: unknown) => (f.type === 'boolean' ? v === 1 : v);
    const fromWire = (v: unknown) => (f.type === 'boolean' ? (v === true ? 1 : v === false ? 0 : undefined) : v);
    return (
      <Select
        {...common}
        filter
        multiple={cond.op === 'in'}
        value={cond.op === 'in' ? ((cond.value as unknown[]) ?? []) : (fromWire(cond.value) as string | number | undefined)}
        optionList={labelled}
        onChange={(v) => onChange(Array.isArray(v) ? v : toWire(v))}
      />
    );
  }
  const numeric = ['integer', 'bigint', 'number', 'double', 'decimal'].includes(f.type);
  const time = f.type === 'date' || f.type === 'datetime';
  if (cond.op === 'in') {
    return (
      <TagInput
        {...common}
        value={((cond.value as unknown[]) ?? []).map(String)}
        placeholder={t('whereInHint')}
        onChange={(tags) => onChange(tags.map((x) => (numeric && /^-?\d+(\.\d+)?$/.test(x) ? Number(x) : x)))}
      />
    );
  }
  const single = (v: unknown, set: (x: unknown) => void, ariaLabel = aria) => {
    if (numeric) {
      return <InputNumber size="small" aria-label={ariaLabel} style={{ width: '100%' }} value={v as number | undefined} onNumberChange={(n) => set(Number.isFinite(n) ? n : undefined)} />;
    }
    if (time) {
      const fmt = f.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
      return (
        <DatePicker
          size="small"
          aria-label={ariaLabel}
          style={{ width: '100%' }}
          type={f.type === 'date' ? 'date' : 'dateTime'}
          value={v ? String(v) : undefined}
          onChange={(d) => set(d ? dayjs(d as Date).format(fmt) : undefined)}
        />
      );
    }
    return <Input size="small" aria-label={ariaLabel} style={{ width: '100%' }} value={(v as string | undefined) ?? ''} onChange={(s) => set(s === '' ? undefined : s)} />;
  };
  if (cond.op === 'between') {
    const pair = Array.isArray(cond.value) ? (cond.value as unknown[]) : [undefined, undefined];
    return (
      <span className="crud-where__pair" data-testid="where-value">
        {single(pair[0], (x) => onChange([x ?? null, pair[1] ?? null]), `${aria} ${t('whereFrom')}`)}
        {single(pair[1], (x) => onChange([pair[0] ?? null, x ?? null]), `${aria} ${t('whereTo')}`)}
      </span>
    );
  }
  return <span data-testid="where-value">{single(cond.value, onChange)}</span>;
}
