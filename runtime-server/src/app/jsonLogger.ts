import { format } from 'node:util';

type Level = 'info' | 'warn' | 'error';
export type Logger = Pick<Console, Level>;

/** `[<request id>] rest` — how request-bound messages start (createApp's error handler, the request log). */
const REQUEST_ID = /^\[([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\]\s*/;

function errorFields(err: Error): Record<string, unknown> {
  const code = (err as NodeJS.ErrnoException).code;
  return { err: { name: err.name, message: err.message, ...(code ? { code } : {}), stack: err.stack } };
}

/**
 * One JSON object per line (production): time, level, message, the request id when the message is
 * about a request, and an error's name, code and stack — what log collectors index and search by.
 */
export function jsonLogger(write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const log =
    (level: Level) =>
    (...args: unknown[]): void => {
      const errors = args.filter((a): a is Error => a instanceof Error);
      const rest = args.filter((a) => !(a instanceof Error));
      let msg = format(...rest).trim();
      const m = REQUEST_ID.exec(msg);
      const requestId = m?.[1];
      if (m) msg = msg.slice(m[0].length);
      if (!msg && errors[0]) msg = errors[0].message;
      const entry = { time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...(errors[0] ? errorFields(errors[0]) : {}) };
      write(`${JSON.stringify(entry)}\n`);
    };
  return { info: log('info'), warn: log('warn'), error: log('error') };
}
