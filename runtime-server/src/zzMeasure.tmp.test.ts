import fs from 'node:fs';
import { it } from 'node:test';
import request from 'supertest';
import { testDatabases } from '/work/wt/sec-paths/runtime-server/src/testing/forEachDb.js';
import { startTestApp } from '/work/wt/sec-paths/runtime-server/src/testing/testApp.js';

it('memory on a 100 MB import', async () => {
  const file = '/tmp/sp/mem/big.csv';
  if (!fs.existsSync(file)) {
    const out = fs.createWriteStream(file);
    out.write('Title,Price\n');
    // every second row invalid (price text), rows about 85 bytes
    for (let i = 0; i < 1_250_000; i++) out.write(`Item number ${i} ${'x'.repeat(40)},${i % 2 ? 'abc' : '12.5'},extra\n`);
    await new Promise((r) => out.end(r));
  }
  console.log('size MB', (fs.statSync(file).size / 1048576).toFixed(1));
  const db = testDatabases().find((d) => d.name === 'sqlite')!;
  const app = await startTestApp(await db.config({ imports: { maxRows: 10_000_000, maxMb: 200, quotaMb: 400 }, uploadMaxMb: 200 }));
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = Date.now();
  const res = await request(app.instance.callback()).post('/admin/base/sys/dataJob/importPreview').set('Authorization', app.admin.token).field('prefix', '/admin/demo/goods').attach('file', file);
  clearInterval(timer);
  console.log('code', res.body.code, 'total', res.body.data?.total, 'invalid', res.body.data?.invalid, 'errors', res.body.data?.errors?.length, 'secs', ((Date.now() - t0) / 1000).toFixed(1));
  console.log('rss base MB', (base / 1048576).toFixed(0), 'peak MB', (peak / 1048576).toFixed(0));
  await app.close();
  await db.cleanup();
});
