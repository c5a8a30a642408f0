/**
 * Issue 34 finding 5: a plugin's secret configuration (its config schema's `x-secret`/`writeOnly` keys) never
 * reaches the request log or the change audit in clear — on success, and on a refused update (unknown plugin,
 * invalid config) where the handler never learnt which keys are secret — and no read gives it back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { samplePackage } from '../modules/plugin/testPackages.js';
import { TABLES } from '../generated/tables.js';
import { testDatabases } from '../testing/forEachDb.js';
import { startTestApp } from '../testing/testApp.js';
import type { TestApp } from '../testing/testApp.js';

const P = '/admin/plugin/info';

for (const db of testDatabases()) {
  describe(`plugin secrets stay out of the logs (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    it('request log and audit hold no secret config value, whatever the update answered', async () => {
      const configSchema = {
        type: 'object',
        properties: { n: { type: 'integer', minimum: 1 }, apiKey: { type: 'string', 'x-secret': true }, token: { type: 'string', writeOnly: true } },
      };
      const pkg = await samplePackage({ keyName: 'logSecretPlugin', configSchema, config: { n: 1, apiKey: '', token: '' } });
      const installed = await app.post(`${P}/install`).attach('files', pkg, 'plugin.cool');
      assert.equal(installed.body.code, 1000, JSON.stringify(installed.body));
      const { id } = await app.instance.services.knex('plugin_info').where({ keyName: 'logSecretPlugin' }).first('id');
      const ok = await app.post(`${P}/update`, { id, config: { n: 2, apiKey: 'AK-s3cr3t-1', token: 'TK-s3cr3t-2' } });
      assert.equal(ok.body.code, 1000, JSON.stringify(ok.body));
      const invalid = await app.post(`${P}/update`, { id, config: { n: 0, apiKey: 'AK-s3cr3t-3', token: 'TK-s3cr3t-4' } });
      assert.notEqual(invalid.body.code, 1000);
      const unknown = await app.post(`${P}/update`, { id: 987654, config: { n: 2, apiKey: 'AK-s3cr3t-5' } });
      assert.notEqual(unknown.body.code, 1000);
      const wrongShape = await app.post(`${P}/update`, { id: 'x', config: { apiKey: 'AK-s3cr3t-6' } });
      assert.notEqual(wrongShape.body.code, 1000);

      const logPage = await app.post('/admin/base/sys/log/page', { size: 100 });
      assert.equal(logPage.body.code, 1000);
      const logRows = await app.instance.services.knex(TABLES.baseSysLog).orderBy('id').select('action', 'params');
      const updates = logRows.filter((r: { action: string }) => r.action === `${P}/update`);
      assert.equal(updates.length, 4, 'every update is logged');
      const first = updates[0].params as unknown;
      assert.match(typeof first === 'string' ? first : JSON.stringify(first), /"n": ?2/, 'non-secret config values stay readable where the keys are known');
      const audit = await app.instance.services.knex(TABLES.baseSysAudit).select();
      const reads = [
        JSON.stringify(logRows),
        JSON.stringify(logPage.body),
        JSON.stringify(audit),
        JSON.stringify((await app.post(`${P}/page`, {})).body),
        JSON.stringify((await app.post(`${P}/list`, {})).body),
        JSON.stringify((await app.get(`${P}/info`, { id })).body),
        JSON.stringify((await app.get(`${P}/history`, { id })).body),
      ];
      for (const [i, text] of reads.entries()) assert.doesNotMatch(text, /s3cr3t/, `read ${i}`);
    });
  });
}
