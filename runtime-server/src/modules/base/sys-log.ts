import type { Handler } from '../../core/handler.js';
import { LOG_KEEP, readConf, writeConf } from './logRetention.js';
import { clearLog } from '../../http/requestLogRollup.js';

/** `POST clear`: deletes every request log (permission `base:sys:log:clear`). */
export const clear: Handler = async ({ services }) => {
  // Rows of earlier requests still queued on this instance go too.
  await services.telemetry.requestLog.flush();
  // The rows and their hourly roll-up together (http/requestLogRollup.ts).
  await clearLog(services.knex);
  return undefined;
};

/** `POST setKeep {value}`: days to keep logs (1…3650), stored even when the conf row was missing. */
export const setKeep: Handler = async ({ services, body }) => {
  await writeConf(services.knex, LOG_KEEP, String((body as { value: number }).value));
  return undefined;
};

/** `GET getKeep` → the stored days as a string (`"31"`), as the console expects; no data when unset. */
export const getKeep: Handler = async ({ services }) => readConf(services.knex, LOG_KEEP);
