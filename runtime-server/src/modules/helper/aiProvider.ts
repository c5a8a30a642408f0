import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import { readEvents } from '../../http/sse.js';
import { TABLES } from '../../generated/tables.js';
import { table } from '../../db/table.js';

/**
 * An OpenAI-compatible chat-completions provider, only ever the one the environment names (AI_BASE_URL,
 * AI_API_KEY, AI_MODEL): a request or a param never chooses where the server connects or where the key goes
 * (a param-chosen URL turned the helper into a proxy to internal services and leaked the key). The `aiModel`
 * param may pick the model when AI_MODEL is unset.
 */
export interface Provider {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

export const DEFAULT_MODEL = 'gpt-4o-mini';

export class ProviderError extends Error {
  override name = 'ProviderError';
  /** What the provider answered (redacted, for the server log only; never sent to the client). */
  detail = '';
}

/** The configured provider, or undefined (the local drafter then answers). */
export async function resolveProvider(config: Pick<Config, 'ai'>, knex: Knex): Promise<Provider | undefined> {
  if (!config.ai.baseUrl) return undefined;
  const key = config.ai.apiKey ? { apiKey: config.ai.apiKey } : {};
  let model = config.ai.model;
  if (!model) {
    const row = await table(knex, TABLES.baseSysParam).where({ keyName: 'aiModel' }).first('data');
    model = row?.data?.trim().slice(0, 100) || undefined;
  }
  return { baseUrl: config.ai.baseUrl, model: model ?? DEFAULT_MODEL, ...key };
}

/** Replaces the key (and any bearer token) in provider text before it is shown or logged. */
export function redact(text: string, provider: Provider): string {
  let out = text;
  if (provider.apiKey) out = out.split(provider.apiKey).join('***');
  return out.replace(/Bearer\s+\S+/gi, 'Bearer ***').replace(/\bsk-[A-Za-z0-9_-]{6,}/g, 'sk-***');
}

export function chatUrl(provider: Provider): URL {
  let url: URL;
  try {
    url = new URL(provider.baseUrl.replace(/\/+$/, '') + '/chat/completions');
  } catch {
    throw new ProviderError('badBaseUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProviderError('badBaseUrl');
  return url;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * Streams a chat completion (`stream: true`), calling `onDelta` for each content piece, and
 * returns the whole text. Accepts a provider that ignores `stream` and answers one JSON body.
 */
export async function streamChat(provider: Provider, messages: ChatMessage[], onDelta: (text: string) => void, signal: AbortSignal): Promise<string> {
  const res = await fetch(chatUrl(provider), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream, application/json',
      ...(provider.apiKey ? { Authorization: `Bearer ${provider.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: provider.model, messages, stream: true, temperature: 0 }),
    signal,
  });
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let detail = text.slice(0, 300);
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string } | string };
      detail = (typeof parsed.error === 'string' ? parsed.error : parsed.error?.message) ?? detail;
    } catch {
      // not JSON: keep the raw (shortened) text
    }
    // The client learns the status only: a provider's body is not ours to relay.
    const error = new ProviderError(`HTTP ${res.status}`);
    error.detail = redact(detail.slice(0, 300), provider);
    throw error;
  }
  if (!/event-stream/.test(res.headers.get('content-type') ?? '')) {
    const json = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = json.choices?.[0]?.message?.content ?? '';
    if (content) onDelta(content);
    return content;
  }
  let whole = '';
  for await (const data of readEvents(res.body)) {
    if (data.trim() === '[DONE]') break;
    let chunk: { choices?: { delta?: { content?: string | null } }[]; error?: { message?: string } };
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch {
      continue; // keep-alive comments and non-JSON lines carry no content
    }
    if (chunk.error) throw new ProviderError(chunk.error.message ?? 'error event');
    const piece = chunk.choices?.[0]?.delta?.content;
    if (piece) {
      whole += piece;
      onDelta(piece);
    }
  }
  return whole;
}

/** The JSON object in a model's answer (code fences and surrounding prose are ignored). */
export function extractJson(text: string): Record<string, unknown> | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1] ?? text;
  const start = fenced.indexOf('{');
  const end = fenced.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    const value = JSON.parse(fenced.slice(start, end + 1)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
