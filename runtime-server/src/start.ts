import http from 'node:http';
import { createApp } from './app/createApp.js';
import { ConfigError, loadConfig } from './config.js';

/** `npm start`: configuration from the environment, migrations + seed, then listen on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const instance = await createApp(config);
  const server = http.createServer(instance.callback());
  server.listen(config.port, () => {
    const db = config.databaseUrl ? new URL(config.databaseUrl).host : `SQLite in ${config.dataDir}`;
    console.log(`Schema Admin listening on http://127.0.0.1:${config.port} (${db}, ${config.nodeEnv})`);
  });
  const stop = () => {
    server.close(() => void instance.close().then(() => process.exit(0)));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `configuration error: ${err.message}` : err);
  process.exit(1);
});
