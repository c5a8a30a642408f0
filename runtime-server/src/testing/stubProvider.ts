import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Stub {
  url: string;
  requests: { authorization?: string; body: Record<string, unknown> }[];
  lastChunkAt: number;
  /** Chunks written, and whether our server hung up before the answer was complete. */
  chunks: number;
  hungUp: boolean;
  close(): Promise<void>;
}

/** A local OpenAI-compatible chat-completions server: streams `answer` in pieces, or fails. */
export async function stubProvider(answer: string, opts: { fail?: boolean; key?: string; pieces?: number; delayMs?: number } = {}): Promise<Stub> {
  const stub: Stub = { url: '', requests: [], lastChunkAt: 0, chunks: 0, hungUp: false, close: async () => {} };
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    stub.requests.push({ ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}), body: JSON.parse(raw) });
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    if (opts.fail) {
      // Real providers echo (part of) a wrong key back; it must never reach our client or log.
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${opts.key ?? ''}` } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.on('close', () => {
      if (!res.writableFinished) stub.hungUp = true;
    });
    const n = opts.pieces ?? 8;
    const size = Math.ceil(answer.length / n);
    for (let i = 0; i < answer.length && !stub.hungUp; i += size) {
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: answer.slice(i, i + size) } }] })}\n\n`);
      stub.chunks += 1;
      stub.lastChunkAt = Date.now();
      await sleep(opts.delayMs ?? 40);
    }
    if (stub.hungUp) return;
    res.write('data: [DONE]\n\n');
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  stub.close = () => new Promise((r) => server.close(() => r()));
  return stub;
}
