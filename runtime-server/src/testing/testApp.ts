import request from 'supertest';
import type { Test } from 'supertest';
import { createApp } from '../app/createApp.js';
import type { AppInstance, CreateAppOptions } from '../app/createApp.js';
import type { Config } from '../config.js';

/** A started app plus a supertest agent bound to it. */
export interface TestApp {
  instance: AppInstance;
  get(url: string, query?: Record<string, unknown>): Test;
  post(url: string, body?: unknown): Test;
  close(): Promise<void>;
}

const quiet = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) };

export async function startTestApp(config: Config, options: CreateAppOptions = {}): Promise<TestApp> {
  const instance = await createApp(config, { logger: quiet, ...options });
  const server = instance.callback();
  return {
    instance,
    get: (url, query) => request(server).get(url).query(query ?? {}),
    post: (url, body) => {
      const r = request(server).post(url);
      return body === undefined ? r : r.send(body as object);
    },
    close: () => instance.close(),
  };
}
