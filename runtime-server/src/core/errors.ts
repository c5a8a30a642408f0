import type { MessageParams } from './i18n.js';
import type { MessageKey } from '../locales/zh-cn.js';

/** Envelope codes of the cool-admin protocol (docs/reference/api-contract.md §1.2). */
export const CODE = { success: 1000, comm: 1001, validate: 1002, core: 1003 } as const;

/**
 * An operational error: its message is translated and shown to the user.
 * Business and validation errors answer HTTP 200 with a non-1000 code; auth errors use 401/403.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly code: number = CODE.comm,
    readonly status: number = 200,
    /** Pre-translated text for messages built elsewhere (e.g. ajv's localized errors). */
    readonly text?: Partial<Record<'zh-cn' | 'zh-tw' | 'en', string>>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** A request that does not match its schema (code 1002). */
export class ValidationError extends AppError {
  constructor(key: MessageKey, params: MessageParams = {}, text?: AppError['text']) {
    super(key, params, CODE.validate, 200, text);
    this.name = 'ValidationError';
  }
}
