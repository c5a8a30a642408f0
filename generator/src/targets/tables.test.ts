import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EntityModel, Model } from '../model.js';
import { generateTables } from './tables.js';

const entity = (id: string, name: string | undefined, table: string | undefined) => ({ id, name, table }) as unknown as EntityModel;

describe('tables target', () => {
  it('names every table and entity id by the entity type name, sorted, tables only for entities that have one', () => {
    const model = { entities: [entity('lock/device-lock', 'LockDeviceEntity', 'lock_device'), entity('base/open', undefined, undefined), entity('base/sys/user', 'BaseSysUserEntity', 'base_sys_user')] } as unknown as Model;
    const { path, content } = generateTables(model);
    assert.equal(path, 'tables.ts');
    assert.match(content, /export const TABLES = \{\n {2}baseSysUser: "base_sys_user",\n {2}lockDevice: "lock_device",\n\} as const;/);
    assert.match(content, /export const ENTITIES = \{\n {2}baseOpen: "base\/open",\n {2}baseSysUser: "base\/sys\/user",\n {2}lockDevice: "lock\/device-lock",\n\} as const;/);
  });
});
