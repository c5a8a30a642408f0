import assert from 'node:assert/strict';
import request from 'supertest';
import type { Test } from 'supertest';
import { createApp } from '../app/createApp.js';
import { parts } from '../parts.js';
import type { AppInstance, CreateAppOptions } from '../app/createApp.js';
import type { Config } from '../config.js';
import { TEST_ADMIN_PASSWORD, TEST_CAPTCHA } from './forEachDb.js';

export interface Tokens {
  token: string;
  refreshToken: string;
  expire: number;
  refreshExpire: number;
}

/** Requests carrying one token (or none). */
export interface Client {
  get(url: string, query?: Record<string, unknown>): Test;
  post(url: string, body?: unknown): Test;
}

/** A started app; `get`/`post` act as the seeded super-admin unless a test picks another client. */
export interface TestApp extends Client {
  instance: AppInstance;
  admin: Tokens;
  /** No Authorization header. */
  anon: Client;
  /** Requests with the given access token. */
  as(token: string): Client;
  /** Signs in through captcha + login; fails the test unless it succeeds. */
  login(username: string, password: string): Promise<Tokens>;
  close(): Promise<void>;
}

const quiet = { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) };

export async function startTestApp(config: Config, options: CreateAppOptions = {}): Promise<TestApp> {
  const instance = await createApp(config, parts, { logger: quiet, ...options });
  const server = instance.callback();
  const client = (token?: string): Client => ({
    get: (url, query) => {
      const r = request(server).get(url).query(query ?? {});
      return token ? r.set('Authorization', token) : r;
    },
    post: (url, body) => {
      let r = request(server).post(url);
      if (token) r = r.set('Authorization', token);
      return body === undefined ? r : r.send(body as object);
    },
  });
  const anon = client();
  const login = async (username: string, password: string): Promise<Tokens> => {
    const res = await loginRequest(anon, username, password);
    assert.equal(res.body.code, 1000, `login ${username}: ${JSON.stringify(res.body)}`);
    return res.body.data as Tokens;
  };
  // A failed sign-in closes the app: its scheduler and pools would otherwise keep the test process alive.
  const admin = await login('admin', TEST_ADMIN_PASSWORD).catch(async (err: unknown) => {
    await instance.close();
    throw err;
  });
  const asAdmin = client(admin.token);
  return {
    instance,
    admin,
    anon,
    as: (token) => client(token),
    login,
    get: asAdmin.get,
    post: asAdmin.post,
    close: () => instance.close(),
  };
}

/** captcha → login, returning the raw login response (for tests of failures). */
export async function loginRequest(anon: Client, username: string, password: string, verifyCode: string = TEST_CAPTCHA) {
  const captcha = await anon.get('/admin/base/open/captcha');
  assert.equal(captcha.body.code, 1000);
  return anon.post('/admin/base/open/login', { username, password, captchaId: captcha.body.data.captchaId, verifyCode });
}
