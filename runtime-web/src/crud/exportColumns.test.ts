/** The export dialog offers only the columns the export job can write. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exportableColumns } from './exportColumns';
import { buildScreenModel } from './model';
import { entity } from './testing/entities';

test('users: the virtual role names are shown in the table but not offered for export', () => {
  const m = buildScreenModel(entity('base/sys/user'));
  const shown = m.columns.map((c) => c.key);
  assert.ok(shown.includes('roleName'));
  const offered = exportableColumns(m.columns).map((c) => c.key);
  assert.ok(!offered.includes('roleName'), offered.join(','));
  assert.deepEqual(
    offered,
    shown.filter((k) => k !== 'roleName'),
    'every stored column is still offered, in order',
  );
  assert.ok(offered.includes('username') && offered.includes('departmentId'));
});
