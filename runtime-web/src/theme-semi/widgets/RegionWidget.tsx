/**
 * `region`: province, city and district picked in one cascader and stored as three names (an address). The widget
 * sits on the province field; `props.city` and `props.district` name the two sibling fields it fills too (hidden
 * items of the same form). The division list (../../crud-view/form/regions/README.md) loads on first use, as a
 * chunk of its own.
 */
import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Cascader } from '@douyinfe/semi-ui';
import { useTranslation } from 'react-i18next';
import { common } from './common';
import '../../crud-view/screens/locales';

type Divisions = Record<string, Record<string, string[]>>;
interface Node {
  label: string;
  value: string;
  children?: Node[];
}

let loaded: Promise<Node[]> | undefined;
/** The list as cascader nodes, loaded and converted once per page. */
function loadRegions(): Promise<Node[]> {
  loaded ??= import('../../crud-view/form/regions/china.json').then((m) =>
    Object.entries(m.default as Divisions).map(([p, cities]) => ({
      label: p,
      value: p,
      children: Object.entries(cities).map(([c, districts]) => ({
        label: c,
        value: c,
        ...(districts.length ? { children: districts.map((d) => ({ label: d, value: d })) } : {}),
      })),
    })),
  );
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

interface FormCtx {
  data?: Record<string, unknown>;
  patch?: (values: Record<string, unknown>) => void;
}

export function RegionWidget(p: WidgetProps) {
  const { t } = useTranslation('screens');
  const [nodes, setNodes] = useState<Node[] | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    loadRegions().then(
      (n) => alive && setNodes(n),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);
  const ctx = (p.registry?.formContext ?? {}) as FormCtx;
  const cityField = String(p.options.city ?? 'city');
  const districtField = String(p.options.district ?? 'district');
  const path = [p.value, ctx.data?.[cityField], ctx.data?.[districtField]].filter((v): v is string => typeof v === 'string' && v !== '');
  return (
    <Cascader
      {...common(p)}
      style={{ width: '100%' }}
      filterTreeNode
      showClear
      separator=" / "
      loading={!nodes && !failed}
      {...(failed ? { validateStatus: 'error' as const } : {})}
      placeholder={failed ? t('regionLoadError') : t('regionPlaceholder')}
      treeData={(nodes ?? []) as never}
      value={path}
      onChange={(v) => {
        const [province, city, district] = (Array.isArray(v) ? v : []) as string[];
        // One change for the three fields, so the form never holds a city of the previous province.
        ctx.patch?.({ [p.name]: province, [cityField]: city, [districtField]: district });
      }}
    />
  );
}
