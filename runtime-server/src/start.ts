import { leanHeapApplied, relaxLeanHeapForServing } from './app/leanHeapAtStart.js';
import http from 'node:http';
import { createApp } from './app/createApp.js';
import { parts } from './parts.js';
import { jsonLogger } from './app/jsonLogger.js';
import { ConfigError, loadConfig } from './config.js';

/** Longest a graceful shutdown waits for in-flight requests before it closes their connections. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * `npm start`: configuration from the environment, migrations + seed, then listen on PORT.
 * Production logs one JSON object per line. SIGTERM/SIGINT shut down gracefully: readiness turns 503,
 * no new connections, in-flight requests finish, then running tasks get their grace, the queued
 * request log is written and the database pool released.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = config.nodeEnv === 'production' ? jsonLogger() : console;
  const instance = await createApp(config, parts, { logger });
  const server = http.createServer(instance.callback());
  server.listen(config.port, () => {
    relaxLeanHeapForServing(leanHeapApplied);
    const db = config.databaseUrl ? new URL(config.databaseUrl).host : `SQLite in ${config.dataDir}`;
    logger.info(`Schema Admin listening on http://127.0.0.1:${config.port} (${db}, ${config.nodeEnv})`);
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down (finishing in-flight requests and task runs)`);
    instance.drain();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_TIMEOUT_MS);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(force);
      instance.close().then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error('shutdown failed', err);
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  const logger = process.env.NODE_ENV === 'production' ? jsonLogger() : console;
  logger.error(err instanceof ConfigError ? `configuration error: ${err.message}` : 'start failed', ...(err instanceof ConfigError ? [] : [err]));
  process.exit(1);
});
