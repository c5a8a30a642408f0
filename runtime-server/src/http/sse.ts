import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

/** A server-sent-events response (`text/event-stream`); each event is flushed as it is written. */
export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Aborted when the client goes away, so upstream work stops too. */
  signal: AbortSignal;
}

export function openEventStream(koa: Context): EventStream {
  const stream = new PassThrough();
  const abort = new AbortController();
  koa.status = 200;
  koa.type = 'text/event-stream; charset=utf-8';
  koa.set('Cache-Control', 'no-cache, no-transform');
  koa.set('X-Accel-Buffering', 'no');
  // Compression would buffer the stream and hold every event back until the end.
  koa.compress = false;
  koa.req.socket.setNoDelay(true);
  koa.body = stream;
  koa.res.on('close', () => {
    if (!koa.res.writableFinished) abort.abort();
  });
  return {
    send(event, data) {
      if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!stream.writableEnded) stream.end();
    },
    signal: abort.signal,
  };
}

/**
 * Reads an SSE body (an OpenAI-compatible provider's stream) event by event: yields the `data`
 * of each event, joined across lines as the SSE format says.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      buffer = buffer.replace(/\r\n?/g, '\n');
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).replace(/^ /, ''));
        if (data.length) yield data.join('\n');
      }
      if (done) break;
    }
    const rest = buffer
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''));
    if (rest.length) yield rest.join('\n');
  } finally {
    reader.releaseLock();
  }
}
