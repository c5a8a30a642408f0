import type { Model } from '../model.js';
import type { GeneratedFile } from './generatedFile.js';

/** The sanitized model the server runtime reads at start (validation, columns, queries). */
export function generateModelJson(model: Model): GeneratedFile {
  return { path: 'model.json', content: JSON.stringify(model, null, 2) + '\n' };
}
