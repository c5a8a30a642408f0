export * from './model.js';
export { loadModel } from './load/loadModel.js';
export { generate, GenerateError } from './generate.js';
export { SchemaError, SchemaErrors } from './errors.js';
export { projectPaths } from './paths.js';
export type { ProjectPaths } from './paths.js';
