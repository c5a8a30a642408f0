import { projectPaths } from '@schema-admin/generator';
import type { Locale } from '@schema-admin/generator';
import type { AppServices } from '../../app/services.js';
import { AppError, ValidationError } from '../../core/errors.js';
import type { Handler } from '../../core/handler.js';
import { t } from '../../core/i18n.js';
import { chatUrl, extractJson, ProviderError, redact, resolveProvider, streamChat } from './aiProvider.js';
import type { Provider } from './aiProvider.js';
import { draftMessages } from './aiPrompt.js';
import { translateInputError } from '../base/authoring/createInput.js';
import type { EntityDoc } from '../base/authoring/draftSchema.js';
import { FieldSpecError } from '../base/authoring/fieldSpec.js';
import { draftLocally, NoFieldsError } from '../base/authoring/localDrafter.js';
import { checkModule, entityNames, NameError } from '../base/authoring/names.js';
import { openEventStream } from '../../http/sse.js';
import type { EventStream } from '../../http/sse.js';
import { checkDraft } from '../base/authoring/validateDraft.js';

interface DraftBody {
  description: string;
  module?: string;
  entity?: string;
}

/** A remote draft may take a while, but not forever. */
const PROVIDER_TIMEOUT_MS = 120_000;

/**
 * `POST /admin/helper/ai/draft {description, module?, entity?}` → `text/event-stream`:
 * `start` {source, model?}, `progress` {message} or {delta, received}, `schema` {source, schema},
 * `validation` {valid, errors[{pointer, message, code}]}, `error` {message}, then `done`.
 * Input errors are answered before the stream opens, as the usual envelope.
 */
export const draft: Handler = async ({ services, body, koa, locale }) => {
  // Development only, like the coding endpoints it feeds (docs/security.md).
  if (services.config.nodeEnv === 'production') throw new AppError('coding.devOnly');
  const req = body as DraftBody;
  try {
    if (req.module !== undefined) checkModule(req.module);
    if (req.entity !== undefined) entityNames(req.module ?? 'custom', req.entity);
  } catch (err) {
    translateInputError(err);
  }
  const provider = await resolveProvider(services.config, services.knex);
  if (provider) {
    try {
      chatUrl(provider);
    } catch {
      throw new ValidationError('helper.ai.badBaseUrl');
    }
  }
  const out = openEventStream(koa);
  const job = provider ? remoteDraft(services, out, provider, req, locale) : localDraft(services, out, req, locale);
  void job
    .catch((err: unknown) => {
      services.logger.error('helper/ai: draft failed', provider ? redact(String(err), provider) : err);
      out.send('error', { message: t(locale, 'error.internal') });
    })
    .finally(() => {
      out.send('done', {});
      out.end();
    });
  return undefined;
};

function offer(services: AppServices, out: EventStream, source: 'local' | 'ai', schema: EntityDoc): void {
  out.send('schema', { source, schema });
  const check = checkDraft(schema, projectPaths().schemas, services.schema.generated.model.entities);
  out.send('validation', { valid: check.valid, errors: check.problems });
}

async function localDraft(services: AppServices, out: EventStream, req: DraftBody, locale: Locale): Promise<void> {
  out.send('start', { source: 'local' });
  out.send('progress', { message: t(locale, 'helper.ai.local') });
  let schema: EntityDoc;
  try {
    schema = draftLocally(req);
  } catch (err) {
    if (err instanceof NoFieldsError) return out.send('error', { message: t(locale, 'coding.draftNoFields') });
    if (err instanceof NameError || err instanceof FieldSpecError) {
      try {
        translateInputError(err);
      } catch (e) {
        return out.send('error', { message: t(locale, (e as ValidationError).key, (e as ValidationError).params) });
      }
    }
    throw err;
  }
  offer(services, out, 'local', schema);
}

async function remoteDraft(services: AppServices, out: EventStream, provider: Provider, req: DraftBody, locale: Locale): Promise<void> {
  out.send('start', { source: 'ai', model: provider.model });
  out.send('progress', { message: t(locale, 'helper.ai.remote', { model: provider.model }) });
  let received = 0;
  let text: string;
  try {
    text = await streamChat(
      provider,
      draftMessages(req.description, services.schema.generated.model.entities, req.module, req.entity),
      (delta) => {
        received += delta.length;
        out.send('progress', { delta, received });
      },
      AbortSignal.any([out.signal, AbortSignal.timeout(PROVIDER_TIMEOUT_MS)]),
    );
  } catch (err) {
    if (out.signal.aborted) return; // the client left: nobody to tell
    const detail = redact(err instanceof ProviderError ? err.message : err instanceof Error ? err.name : 'error', provider).slice(0, 100);
    const logged = err instanceof ProviderError ? `${detail}: ${err.detail}` : redact(String(err), provider).slice(0, 300);
    services.logger.warn(`helper/ai: provider ${provider.model} failed: ${logged}`);
    return out.send('error', { message: t(locale, 'helper.ai.providerFailed', { detail }) });
  }
  const schema = extractJson(text);
  if (!schema) return out.send('error', { message: t(locale, 'helper.ai.badOutput') });
  offer(services, out, 'ai', schema);
}
