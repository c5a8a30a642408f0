import type { Messages } from './zh-cn.js';

export const en: Messages = {
  'error.badJson': 'The request body is not valid JSON: {detail}',
  'error.bodyTooLarge': 'The request body is too large (limit {limit})',
  'error.batchTooLarge': 'At most {max} rows can be sent at once',
  'error.duplicate': '{label} already exists',
  'error.idsRequired': 'Parameter ids is required: an array of ids',
  'error.internal': 'Internal server error, please try again later',
  'error.listTooLarge': 'More than {max} rows match; use the paged query',
  'error.noUpdatableField': 'Nothing to update',
  'error.notFoundRoute': '{path} not found',
  'error.orderColumn': 'Cannot sort by "{column}"; allowed: {allowed}',
  'error.parameter': 'Parameter format error: {detail}',
  'error.recordNotFound': 'Record not found (id={id})',
  'error.sortMismatch': 'Invalid sort: order and sort lists differ in length',
  'error.tooLong': '{label} is too long',
  'error.validation': '{label}: {message}',
  success: 'success',
};
