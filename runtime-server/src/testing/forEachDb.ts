import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { loadConfig } from '../config.js';
import type { Config } from '../config.js';
import { cloneMysqlTemplate, mysqlTemplate, pgTemplate, sqliteTemplate } from './migratedTemplate.js';

/** Every test app's fixed captcha answer and seeded admin password. */
export const TEST_CAPTCHA = '4821';
export const TEST_ADMIN_PASSWORD = 'Adm1n-pass';
const TEST_ENV = { NODE_ENV: 'test', CAPTCHA_FIXED_CODE: TEST_CAPTCHA, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };

/** What `config()` gives: a database every migration was applied to (the default), or an empty one. */
export interface ScratchOptions {
  /** An empty database, for what a first start, the migrator or the migration lock does to one. */
  empty?: boolean;
}

/** One database a test suite runs against. */
export interface TestDb {
  name: 'sqlite' | 'mariadb' | 'postgres';
  /**
   * A fresh database of its own; every call gives a new one. It holds every migration (a copy of a migrated
   * template, testing/migratedTemplate.ts: the app's start then only seeds it) unless `empty` is asked for.
   */
  config(overrides?: Partial<Config>, options?: ScratchOptions): Promise<Config>;
  /** Drops what `config()` created. */
  cleanup(): Promise<void>;
}

/** The MariaDB/MySQL server tests create scratch databases on (never touches existing ones). */
export function mysqlServerUrl(): string {
  return process.env.TEST_MYSQL_URL ?? process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/test';
}

/** The PostgreSQL server tests create scratch databases on (never touches existing ones). */
export function pgServerUrl(): string {
  return process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function sqliteDb(): TestDb {
  const dirs: string[] = [];
  return {
    name: 'sqlite',
    async config(overrides = {}, options = {}) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-test-'));
      dirs.push(dir);
      if (!options.empty) fs.copyFileSync(await sqliteTemplate(), path.join(dir, 'schema-admin.sqlite'));
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
      // The template's tables are cloned in one round trip.
      multipleStatements: true,
    });
  return {
    name: 'mariadb',
    async config(overrides = {}, options = {}) {
      const name = `sa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const conn = await admin().catch((err: Error) => {
        throw new Error(
          `MariaDB/MySQL is not reachable at ${server.host} (${err.message}). The suite runs on SQLite AND MariaDB: ` +
            'start MariaDB (see .ci/run) or set TEST_MYSQL_URL; set TEST_MARIADB=skip only to run SQLite alone on purpose.',
        );
      });
      try {
        await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        created.push(name);
        if (!options.empty) await cloneMysqlTemplate(conn, await mysqlTemplate(conn, server), name);
      } finally {
        await conn.end();
      }
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

function postgresDb(): TestDb {
  const server = new URL(pgServerUrl());
  const created: string[] = [];
  const admin = async () => {
    const client = new pg.Client({ connectionString: server.href, connectionTimeoutMillis: 3000 });
    await client.connect();
    return client;
  };
  return {
    name: 'postgres',
    async config(overrides = {}, options = {}) {
      const name = `sa_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const conn = await admin().catch((err: Error) => {
        throw new Error(
          `PostgreSQL is not reachable at ${server.host} (${err.message}). The suite runs on SQLite, MariaDB AND PostgreSQL: ` +
            'start PostgreSQL (see .ci/run) or set TEST_PG_URL; set TEST_PG=skip only to leave PostgreSQL out on purpose.',
        );
      });
      try {
        const template = options.empty ? 'template0' : await pgTemplate(conn, server);
        await conn.query(`CREATE DATABASE "${name}" ENCODING 'UTF8' TEMPLATE "${template}"`);
        created.push(name);
      } finally {
        await conn.end();
      }
      const url = new URL(server.href);
      url.pathname = `/${name}`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-test-'));
      return loadConfig({ ...TEST_ENV, DATA_DIR: dir, DATABASE_URL: url.href }, overrides);
    },
    async cleanup() {
      if (!created.length) return;
      const conn = await admin();
      try {
        // FORCE: a pool a failed test left open must not keep its scratch database alive.
        for (const name of created.splice(0)) await conn.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await conn.end();
      }
    },
  };
}

const warned = new Set<string>();
function skipWarning(variable: string, what: string): void {
  if (warned.has(variable)) return;
  warned.add(variable);
  console.warn(`\n*** ${variable}=skip: ${what} tests are NOT running; CI runs them. ***\n`);
}

/** The SQLite test database, for the suites that run on SQLite alone (whatever TEST_DB selects). */
export function sqliteTestDb(): TestDb {
  return sqliteDb();
}

/**
 * The databases every integration test runs on: SQLite, MariaDB, PostgreSQL. MariaDB and PostgreSQL are
 * skipped only when TEST_MARIADB=skip / TEST_PG=skip is set explicitly, and then loudly; an unreachable
 * server fails the test.
 */
export function testDatabases(): TestDb[] {
  const dbs = [sqliteDb()];
  if (process.env.TEST_MARIADB === 'skip') skipWarning('TEST_MARIADB', 'MariaDB');
  else dbs.push(mariaDb());
  if (process.env.TEST_PG === 'skip') skipWarning('TEST_PG', 'PostgreSQL');
  else dbs.push(postgresDb());
  // TEST_DB=postgres (a comma list) runs one part of the matrix: a developer's loop, or one of the parallel
  // per-database runs of scripts/test.mjs, which together run every database.
  const only = process.env.TEST_DB?.split(',').map((s) => s.trim()).filter(Boolean);
  return only?.length ? dbs.filter((d) => only.includes(d.name)) : dbs;
}
