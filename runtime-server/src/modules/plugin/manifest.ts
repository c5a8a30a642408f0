import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import type { Locale } from '@schema-admin/generator';
import { AppError } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { MessageKey } from '../../locales/zh-cn.js';
import type { MessageParams } from '../../core/i18n.js';
import { assertValid } from '../../core/validator.js';

/** Hooks a plugin may declare; at most one enabled plugin per hook. */
export const HOOKS = ['upload'] as const;
export type Hook = (typeof HOOKS)[number];

/** keyName: also a folder name and the owner of task handlers, so a plain identifier. */
export const KEY_NAME = /^[a-z][A-Za-z0-9_-]{1,63}$/;

/** plugin.json after validation, with defaults filled in. */
export interface Manifest {
  name: string;
  keyName: string;
  version: string;
  author: string;
  description: string;
  hook: Hook | null;
  /** Path inside the package of a png/jpg/gif/webp/svg logo. */
  logo: string | null;
  /** Path inside the package of the readme. */
  readme: string;
  /** Path inside the package of the ES module the server imports. */
  entry: string;
  /** JSON Schema (type object) of the plugin's configuration. */
  configSchema: Record<string, unknown>;
  /** Default configuration; must satisfy configSchema. */
  config: Record<string, unknown>;
}

const PATH = { type: 'string', minLength: 1, maxLength: 200 };

/** The manifest's own schema: what `plugin.json` must look like. */
export const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['name', 'keyName', 'version', 'author', 'description'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 255 },
    keyName: { type: 'string', pattern: KEY_NAME.source },
    version: { type: 'string', pattern: '^\\d{1,6}\\.\\d{1,6}\\.\\d{1,6}(?:[-+][0-9A-Za-z.-]{1,30})?$' },
    author: { type: 'string', minLength: 1, maxLength: 255 },
    description: { type: 'string', maxLength: 1000 },
    hook: { enum: [...HOOKS, '', null] },
    // Raster only: the reference family's clients show `data:image/jpg;base64,` + the stored logo.
    logo: { ...PATH, pattern: '\\.(png|jpe?g|gif|webp)$' },
    readme: PATH,
    entry: { ...PATH, pattern: '\\.m?js$' },
    configSchema: {
      type: 'object',
      required: ['type'],
      properties: { type: { const: 'object' }, properties: { type: 'object' } },
    },
    config: { type: 'object' },
  },
} as const;

/** A package error whose message is built in every locale from another translated text. */
export function packageError(key: MessageKey, params: MessageParams, detail?: Partial<Record<Locale, string>>): AppError {
  if (!detail) return new AppError(key, params);
  const text: Partial<Record<Locale, string>> = {};
  for (const locale of ['zh-cn', 'zh-tw', 'en'] as const) text[locale] = t(locale, key, { ...params, detail: detail[locale] ?? '' });
  return new AppError(key, params, undefined, undefined, text);
}

/** The translated message of an AppError (what the envelope would show). */
export function messageOf(err: AppError, locale: Locale): string {
  return err.text?.[locale] ?? t(locale, err.key, err.params);
}

/**
 * Validators of one app instance (ajv keeps per-call state on its functions, and the config
 * validators are cached by schema text, so they live with the app, not in the module).
 */
export class PluginValidators {
  // Made at the first plugin read, not with the app: compiling them (and ajv's 2020 meta-schema) was 7.6 % of a
  // production start's CPU profile, on every start, with no plugin installed.
  private ajvInstance: Ajv2020 | undefined;
  private manifestFn: ValidateFunction | undefined;
  private readonly configs = new Map<string, ValidateFunction>();

  private get ajv(): Ajv2020 {
    return (this.ajvInstance ??= new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true }));
  }

  private get manifest(): ValidateFunction {
    return (this.manifestFn ??= this.ajv.compile(MANIFEST_SCHEMA));
  }

  /** Validates plugin.json; throws a package error naming the field. */
  parseManifest(json: unknown): Manifest {
    try {
      assertValid(this.manifest, json);
    } catch (err) {
      throw packageError('plugin.manifestInvalid', {}, (err as AppError).text);
    }
    const m = json as Record<string, unknown>;
    const configSchema = (m.configSchema as Record<string, unknown> | undefined) ?? { type: 'object', properties: {} };
    const validateConfig = this.configValidator(configSchema);
    const config = { ...((m.config as Record<string, unknown> | undefined) ?? {}) };
    try {
      assertValid(validateConfig, config, configLabels(configSchema));
    } catch (err) {
      throw packageError('plugin.defaultsInvalid', {}, (err as AppError).text);
    }
    return {
      name: m.name as string,
      keyName: m.keyName as string,
      version: m.version as string,
      author: m.author as string,
      description: m.description as string,
      hook: m.hook ? (m.hook as Hook) : null,
      logo: (m.logo as string | undefined) ?? null,
      readme: (m.readme as string | undefined) ?? 'README.md',
      entry: (m.entry as string | undefined) ?? 'server/index.mjs',
      configSchema,
      config,
    };
  }

  /** A compiled validator of a plugin's config schema (an invalid schema is a package error). */
  configValidator(schema: Record<string, unknown>): ValidateFunction {
    const text = JSON.stringify(schema);
    let v = this.configs.get(text);
    if (!v) {
      try {
        v = this.ajv.compile(JSON.parse(text) as Record<string, unknown>);
      } catch (err) {
        throw packageError('plugin.configSchemaInvalid', { detail: String((err as Error).message).slice(0, 300) });
      }
      this.configs.set(text, v);
    }
    return v;
  }

  /** Throws a 1002 naming the field when `config` does not satisfy the plugin's schema. */
  assertConfig(schema: Record<string, unknown>, config: unknown): void {
    assertValid(this.configValidator(schema), config, configLabels(schema));
  }
}

/** Field labels of a config schema: `x-label` per locale, else `title`. */
function configLabels(schema: Record<string, unknown>) {
  const props = (schema.properties ?? {}) as Record<string, { title?: string; 'x-label'?: Partial<Record<Locale, string>> }>;
  return (name: string): Partial<Record<Locale, string>> | undefined => {
    const p = props[name];
    if (!p) return undefined;
    if (p['x-label']) return p['x-label'];
    return p.title ? { 'zh-cn': p.title, 'zh-tw': p.title, en: p.title } : undefined;
  };
}
