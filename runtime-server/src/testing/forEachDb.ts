import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';

/** Every test app's fixed captcha answer and seeded admin password. */
export const TEST_CAPTCHA = '4821';
export const TEST_ADMIN_PASSWORD = 'Adm1n-pass';
const TEST_ENV = { NODE_ENV: 'test', CAPTCHA_FIXED_CODE: TEST_CAPTCHA, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };

/** One database a test suite runs against. */
export interface TestDb {
  name: 'sqlite' | 'mariadb';
  /** A fresh, empty database; every call gives a new one. */
  config(overrides?: Partial<Config>): Promise<Config>;
  /** Drops what `config()` created. */
  cleanup(): Promise<void>;
}

/** The MariaDB/MySQL server tests create scratch databases on (never touches existing ones). */
export function mysqlServerUrl(): string {
  return process.env.TEST_MYSQL_URL ?? process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/test';
}

function sqliteDb(): TestDb {
  const dirs: string[] = [];
  return {
    name: 'sqlite',
    async config(overrides = {}) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-test-'));
      dirs.push(dir);
      return loadConfig({ ...TEST_ENV, DATA_DIR: dir }, overrides);
    },
    async cleanup() {
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    },
  };
}

function mariaDb(): TestDb {
  const server = new URL(mysqlServerUrl());
  const created: string[] = [];
  const admin = () =>
    mysql.createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username),
      password: decodeURIComponent(server.password),
    });
  return {
    name: 'mariadb',
    async config(overrides = {}) {
      const name = `sa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const conn = await admin().catch((err: Error) => {
        throw new Error(
          `MariaDB/MySQL is not reachable at ${server.host} (${err.message}). The suite runs on SQLite AND MariaDB: ` +
            'start MariaDB (see .ci/run) or set TEST_MYSQL_URL; set TEST_MARIADB=skip only to run SQLite alone on purpose.',
        );
      });
      try {
        await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      } finally {
        await conn.end();
      }
      created.push(name);
      const url = new URL(server.href);
      url.pathname = `/${name}`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-test-'));
      return loadConfig({ ...TEST_ENV, DATA_DIR: dir, DATABASE_URL: url.href }, overrides);
    },
    async cleanup() {
      if (!created.length) return;
      const conn = await admin();
      try {
        for (const name of created) await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await conn.end();
      }
    },
  };
}

let warned = false;

/**
 * The databases every integration test runs on: SQLite, then MariaDB. MariaDB is skipped only when
 * TEST_MARIADB=skip is set explicitly, and then loudly; an unreachable server fails the test.
 */
export function testDatabases(): TestDb[] {
  if (process.env.TEST_MARIADB === 'skip') {
    if (!warned) {
      warned = true;
      console.warn('\n*** TEST_MARIADB=skip: MariaDB tests are NOT running; CI runs them. ***\n');
    }
    return [sqliteDb()];
  }
  return [sqliteDb(), mariaDb()];
}
