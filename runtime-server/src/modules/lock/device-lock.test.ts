import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDatabases } from '../../testing/forEachDb.js';
import { createScopedAdmin } from '../../testing/scopedAdmin.js';
import { startTestApp } from '../../testing/testApp.js';
import type { TestApp } from '../../testing/testApp.js';
import { registerLockDriver, unregisterLockDriver } from './driver.js';
import { simulatedDriver } from './simulatedDriver.js';

const D = '/admin/lock/deviceLockController';
const C = '/admin/lock/command';

type Row = Record<string, unknown>;

for (const db of testDatabases()) {
  describe(`device lock (${db.name})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startTestApp(await db.config());
    });
    after(async () => {
      await app?.close();
      await db.cleanup();
    });

    const addDevice = async (fields: Row): Promise<number> => {
      const res = await app.post(`${D}/add`, fields);
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.id as number;
    };
    const info = async (id: number): Promise<Row> => {
      const res = await app.get(`${D}/info`, { id });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data as Row;
    };
    const log = async (deviceId: number): Promise<Row[]> => {
      const res = await app.post(`${C}/page`, { deviceId, page: 1, size: 100, order: 'id', sort: 'asc' });
      assert.equal(res.body.code, 1000, JSON.stringify(res.body));
      return res.body.data.list as Row[];
    };

    it('CRUD with the spec fields and equality filters (not LIKE)', async () => {
      const a = await addDevice({ serialNumber: 'SN-A1', userNumber: 'U1', userName: 'Ann', channel: 'web', phone: '13800000001', lockType: 1 });
      await addDevice({ serialNumber: 'SN-A10', userNumber: 'U10', userName: 'Annie', channel: 'webshop', phone: '13800000010', lockType: 2 });
      for (const [k, v] of Object.entries({ userNumber: 'U1', userName: 'Ann', serialNumber: 'SN-A1', channel: 'web', phone: '13800000001' })) {
        const res = await app.post(`${D}/page`, { [k]: v, page: 1, size: 10 });
        assert.equal(res.body.code, 1000);
        assert.deepEqual((res.body.data.list as Row[]).map((r) => r.id), [a], `${k} = ${v} is an exact match`);
      }
      assert.equal((await app.post(`${D}/update`, { id: a, userName: 'Anna' })).body.code, 1000);
      const row = await info(a);
      assert.equal(row.userName, 'Anna');
      assert.equal(row.lossMode, false, 'state defaults');
      assert.equal(row.wallpaper, null);
      assert.ok(!('callbackSecret' in row));
      assert.equal((await app.post(`${D}/delete`, { ids: [a] })).body.code, 1000);
      assert.equal((await app.get(`${D}/info`, { id: a })).body.code, 1001);
      assert.equal((await app.post(`${D}/add`, { userName: 'no serial' })).body.code, 1002, 'serialNumber is required');
    });

    it('state columns cannot be set through add or update bodies', async () => {
      const id = await addDevice({ serialNumber: 'SN-RO', lossMode: true, wallpaper: 'https://evil/x.png', limitedApps: ['x'], lastCommandTime: '2020-01-01 00:00:00', callbackSecret: 'mine' });
      await app.post(`${D}/update`, { id, userName: 'x', lossMode: true, wallpaper: 'https://evil/y.png', limitedApps: ['y'], callbackSecret: 'mine' });
      const row = await info(id);
      assert.equal(row.lossMode, false);
      assert.equal(row.wallpaper, null);
      assert.equal(row.limitedApps, null);
      assert.equal(row.lastCommandTime, null);
      const stored = await app.instance.services.knex('lock_device').where({ id }).first();
      assert.equal(stored.callbackSecret, null, 'no secret chosen by the client');
      const cb = await app.anon.post(`${D}/callback`, { serialNumber: 'SN-RO', secret: 'mine', info: 'pwned' });
      assert.equal(cb.body.code, 1001);
    });

    it('each command changes the simulated device state and is logged with success', async () => {
      const id = await addDevice({ serialNumber: 'SN-SIM' });
      const other = await addDevice({ serialNumber: 'SN-OTHER', lockFactory: 'Simulated' });

      assert.equal((await app.post(`${D}/wallpaper`, { id, url: 'https://cdn.example.com/w.png' })).body.code, 1000);
      assert.equal((await info(id)).wallpaper, 'https://cdn.example.com/w.png');
      const got = await app.post(`${D}/getWallpaper`, { id });
      assert.deepEqual(got.body.data, { wallpaper: 'https://cdn.example.com/w.png' });
      assert.equal((await app.post(`${D}/wallpaper`, { id, url: '/upload/20260101/abc_w.png' })).body.code, 1000);

      assert.equal((await app.post(`${D}/limitApp`, { id, apps: ['com.game', 'com.video'] })).body.code, 1000);
      assert.deepEqual((await info(id)).limitedApps, ['com.game', 'com.video']);

      assert.equal((await app.post(`${D}/clearPassword`, { id })).body.code, 1000);

      assert.equal((await app.post(`${D}/loss`, { id, on: true, message: 'Call 555' })).body.code, 1000);
      let row = await info(id);
      assert.equal(row.lossMode, true);
      assert.match(String(row.lastCommandTime), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.equal((await app.post(`${D}/loss`, { id, on: false })).body.code, 1000);
      row = await info(id);
      assert.equal(row.lossMode, false);
      assert.equal(row.wallpaper, '/upload/20260101/abc_w.png');

      const entries = await log(id);
      assert.deepEqual(
        entries.map((e) => e.command),
        ['wallpaper', 'getWallpaper', 'wallpaper', 'limitApp', 'clearPassword', 'loss', 'loss'],
      );
      assert.ok(entries.every((e) => e.success === true && e.driver === 'simulated' && e.serialNumber === 'SN-SIM'));
      assert.deepEqual(entries[5]!.params, { on: true, message: 'Call 555' });
      assert.deepEqual(entries[6]!.result, { data: { lossMode: false, message: null } });
      assert.equal((await log(other)).length, 0, 'the log is per device');
      const filtered = await app.post(`${C}/page`, { deviceId: id, command: 'loss', page: 1, size: 10 });
      assert.equal(filtered.body.data.pagination.total, 2);

      // The state change went through the change audit.
      const hist = await app.get(`${D}/history`, { id });
      const changes = (hist.body.data as { changes: Row }[]).map((h) => h.changes);
      assert.ok(changes.some((c) => JSON.stringify(c.lossMode) === '[false,true]'), JSON.stringify(changes));
    });

    it('validates command bodies: url scheme, app list size, unknown device', async () => {
      const id = await addDevice({ serialNumber: 'SN-VAL' });
      assert.equal((await app.post(`${D}/wallpaper`, { id, url: 'javascript:alert(1)' })).body.code, 1002);
      assert.equal((await app.post(`${D}/limitApp`, { id, apps: Array.from({ length: 101 }, (_, i) => `a${i}`) })).body.code, 1002);
      assert.equal((await app.post(`${D}/limitApp`, { id, apps: ['x'.repeat(201)] })).body.code, 1002);
      assert.equal((await app.post(`${D}/loss`, { id })).body.code, 1002, 'on is required');
      assert.equal((await app.post(`${D}/clearPassword`, { id: 999999 })).body.code, 1001);
      assert.equal((await log(id)).length, 0, 'refused requests never reached the driver');
    });

    it('an unknown lockFactory is a clear error, a failed log row and no state change', async () => {
      const id = await addDevice({ serialNumber: 'SN-ACME', lockFactory: 'AcmeLocks' });
      const res = await app.post(`${D}/loss`, { id, on: true }).set('language', 'en');
      assert.equal(res.body.code, 1001);
      assert.match(res.body.message, /AcmeLocks/);
      const row = await info(id);
      assert.equal(row.lossMode, false);
      assert.equal(row.lastCommandTime, null);
      const entries = await log(id);
      assert.equal(entries.length, 1);
      assert.equal(entries[0]!.success, false);
      assert.equal(entries[0]!.driver, 'AcmeLocks');
      assert.match(JSON.stringify(entries[0]!.result), /AcmeLocks/);
      const failed = await app.post(`${C}/page`, { success: false, deviceId: id, page: 1, size: 10 });
      assert.equal(failed.body.data.pagination.total, 1);
    });

    it('a registered vendor driver is chosen case-insensitively; its failure is logged, its success applied', async () => {
      let fail = true;
      registerLockDriver('Vendor-X', {
        ...simulatedDriver,
        name: 'vendor-x',
        async setWallpaper(_d, url) {
          return fail ? { ok: false, error: 'device offline' } : { ok: true, data: { wallpaper: url } };
        },
      });
      try {
        const id = await addDevice({ serialNumber: 'SN-VX', lockFactory: 'VENDOR-x' });
        const res = await app.post(`${D}/wallpaper`, { id, url: 'https://x/1.png' }).set('language', 'en');
        assert.equal(res.body.code, 1001);
        assert.match(res.body.message, /device offline/);
        assert.equal((await info(id)).wallpaper, null);
        fail = false;
        assert.equal((await app.post(`${D}/wallpaper`, { id, url: 'https://x/2.png' })).body.code, 1000);
        assert.equal((await info(id)).wallpaper, 'https://x/2.png');
        const entries = await log(id);
        assert.deepEqual(entries.map((e) => [e.success, e.driver]), [[false, 'vendor-x'], [true, 'vendor-x']]);
        assert.deepEqual(entries[0]!.result, { error: 'device offline' });
      } finally {
        unregisterLockDriver('Vendor-X');
      }
    });

    it('rotateSecret answers a secret once; the device callback needs it', async () => {
      const id = await addDevice({ serialNumber: 'SN-CB' });
      const r1 = await app.post(`${D}/rotateSecret`, { id });
      assert.equal(r1.body.code, 1000);
      const secret = r1.body.data.secret as string;
      assert.ok(secret.length >= 24);
      const stored = (await app.instance.services.knex('lock_device').where({ id }).first()).callbackSecret as string;
      assert.ok(stored.startsWith('hmac$') && !stored.includes(secret), 'stored as a keyed MAC, never in clear');
      for (const res of [await app.get(`${D}/info`, { id }), await app.post(`${D}/page`, { serialNumber: 'SN-CB', page: 1, size: 10 }), await app.post(`${D}/list`, {}), await app.get(`${D}/history`, { id })]) {
        assert.equal(res.body.code, 1000);
        const text = JSON.stringify(res.body);
        assert.ok(!text.includes(secret) && !text.includes(stored), 'neither the secret nor its hash leaves the server');
      }
      assert.ok(!JSON.stringify((await app.get(`${D}/info`, { id })).body).includes('callbackSecret'));

      const wrong = await app.anon.post(`${D}/callback`, { serialNumber: 'SN-CB', secret: secret + 'x', info: 'bad' });
      const unknown = await app.anon.post(`${D}/callback`, { serialNumber: 'SN-NONE', secret, info: 'bad' });
      assert.equal(wrong.body.code, 1001);
      assert.equal(unknown.body.code, 1001);
      assert.equal(wrong.body.message, unknown.body.message, 'no hint whether the serial exists');
      assert.equal((await info(id)).callbackInfo, null);

      const ok = await app.anon.post(`${D}/callback`, { serialNumber: 'SN-CB', secret, info: 'battery 80%' });
      assert.equal(ok.body.code, 1000, JSON.stringify(ok.body));
      assert.equal((await info(id)).callbackInfo, 'battery 80%');

      const r2 = await app.post(`${D}/rotateSecret`, { id });
      assert.notEqual(r2.body.data.secret, secret);
      const old = await app.anon.post(`${D}/callback`, { serialNumber: 'SN-CB', secret, info: 'stale' });
      assert.equal(old.body.code, 1001, 'a rotated secret stops working');
      assert.equal((await info(id)).callbackInfo, 'battery 80%');
      assert.equal((await app.post(`${D}/rotateSecret`, { id: 999999 })).body.code, 1001);
    });

    it('a callback flood costs the server nothing like a memory-hard hash: captcha latency stays within a small ratio of idle', async () => {
      // 100 devices on one serial number, each with a secret: the old callback ran scrypt once per device.
      const ids: number[] = [];
      for (let i = 0; i < 100; i++) ids.push(await addDevice({ serialNumber: 'SN-FLOOD' }));
      for (const id of ids.slice(0, 10)) await app.post(`${D}/rotateSecret`, { id });
      const captcha = async () => {
        const t0 = performance.now();
        assert.equal((await app.anon.get('/admin/base/open/captcha')).body.code, 1000);
        return performance.now() - t0;
      };
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const idle: number[] = [];
      for (let i = 0; i < 7; i++) idle.push(await captcha());
      let answers: number[] = [];
      const started = performance.now();
      const flood = (async () => {
        for (let round = 0; round < 10; round++) {
          const res = await Promise.all(Array.from({ length: 20 }, (_, i) => app.anon.post(`${D}/callback`, { serialNumber: 'SN-FLOOD', secret: `${ids[i % 10]}.wrong-${round}-${i}`, info: 'x' })));
          answers = answers.concat(res.map((r) => r.body.code));
        }
      })();
      const loaded: number[] = [];
      for (let i = 0; i < 7; i++) loaded.push(await captcha());
      await flood;
      const floodMs = performance.now() - started;
      assert.equal(answers.length, 200);
      // Before: one scrypt per device sharing the serial, 100 × 200 of them (minutes of CPU; the review saw a
      // captcha take 37 s instead of 41 ms). Now each callback is one indexed read and one MAC.
      assert.ok(floodMs < 15_000, `200 callbacks took ${Math.round(floodMs)} ms`);
      assert.ok(answers.every((c) => c === 1001), 'every wrong secret refused');
      const ratio = median(loaded) / Math.max(1, median(idle));
      // The flood shares this process's event loop with the captcha (queueing behind 20 requests at a time),
      // so the bound is generous; the memory-hard hash made it ×900.
      assert.ok(ratio < 100, `captcha ${median(loaded).toFixed(1)} ms under the flood vs ${median(idle).toFixed(1)} ms idle (×${ratio.toFixed(1)})`);
    });

    it('commands are permission-checked per action', async () => {
      const id = await addDevice({ serialNumber: 'SN-PERM' });
      const u = await createScopedAdmin(app, { username: 'lock-operator', perms: ['lock:deviceLockController:page', 'lock:deviceLockController:wallpaper'], departmentIds: [] });
      const as = app.as(u.tokens.token);
      assert.equal((await as.post(`${D}/loss`, { id, on: true })).status, 403);
      assert.equal((await as.post(`${D}/rotateSecret`, { id })).status, 403);
      assert.equal((await as.post(`${C}/page`, { deviceId: id })).status, 403);
      assert.equal((await info(id)).lossMode, false);
      assert.equal((await as.post(`${D}/wallpaper`, { id, url: 'https://x/p.png' })).body.code, 1000);
      assert.equal((await app.anon.post(`${D}/loss`, { id, on: true })).status, 401);
      const v = await createScopedAdmin(app, { username: 'lock-loss', perms: ['lock:deviceLockController:loss'], departmentIds: [] });
      assert.equal((await app.as(v.tokens.token).post(`${D}/loss`, { id, on: true })).body.code, 1000);
      assert.equal((await info(id)).lossMode, true);
    });
  });
}
