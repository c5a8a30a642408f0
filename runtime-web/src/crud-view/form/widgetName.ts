import type { FieldMeta } from '../../crud/types';

/** The widget a field gets when `x-screen.form` names none. */
export function widgetName(f: FieldMeta): string {
  if (f.secret) return 'password';
  if (f.name === 'icon') return 'icon';
  if (f.ref) return 'ref';
  if (f.dict || f.options?.length) return f.options?.length === 2 && f.options.every((o) => o.value === 0 || o.value === 1) ? 'switch' : 'select';
  switch (f.type) {
    case 'decimal':
      return 'decimal';
    case 'integer':
    case 'bigint':
    case 'number':
      return 'number';
    case 'boolean':
      return 'switch';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'text':
    case 'longtext':
      return 'textarea';
    case 'json': {
      const items = (f.schema.items ?? {}) as { type?: unknown };
      const arr = Array.isArray(f.schema.type) ? f.schema.type.includes('array') : f.schema.type === 'array';
      if (arr && items.type === 'string' && /(image|img|pic|photo)/i.test(f.name)) return 'images';
      return 'json';
    }
    default:
      if (/(image|img|avatar|logo|pic|photo|cover)/i.test(f.name)) return 'image';
      if (f.name === 'cron') return 'cron';
      return (f.length ?? 0) > 500 ? 'textarea' : 'text';
  }
}
