import type { EntityModel, ProjectPaths } from '@schema-admin/generator';
import type { AppServices } from '../../../app/services.js';
import { applyMigrations, serve } from '../../../app/project.js';
import { AppError } from '../../../core/errors.js';
import { writeAndGenerate } from './writeSchema.js';
import type { CreateRequest } from './writeSchema.js';

export interface CreateOutcome {
  entity: EntityModel;
  /** Schema file, relative to the project root. */
  file: string;
  migration: string | null;
  /** Migrations applied to the database by this call. */
  applied: string[];
  /** Routes mounted in the running app. */
  routes: string[];
}

/**
 * Writes the schema, regenerates, applies the new migration and serves the entity — or, on any
 * failure, restores every file it touched and answers why.
 */
export async function createEntity(services: AppServices, paths: ProjectPaths, req: CreateRequest): Promise<CreateOutcome> {
  const written = await writeAndGenerate(paths, req);
  let applied: string[];
  try {
    applied = await applyMigrations(services.knex, paths);
  } catch (err) {
    written.undo();
    services.logger.error('coding: migration of a created entity failed', err);
    throw new AppError('coding.migrateFailed', { file: written.file });
  }
  const routes = serve(services, paths, written.model.entities, written.entity);
  return { entity: written.entity, file: written.file, migration: written.migration, applied, routes };
}
