import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import request from 'supertest';
import { createApp } from './createApp.js';
import { defineModule } from './module.js';
import { parts } from '../parts.js';
import { testDatabases } from '../testing/forEachDb.js';

// The probe's service, declared the way a module declares its own (docs/kernel-and-modules.md, `services`).
declare module './moduleServices.js' {
  interface ModuleServices {
    probe: { greet(who: string): string; knexReady: boolean };
  }
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const probe = defineModule({
  name: 'probe',
  services: (services) => ({ probe: { greet: (who) => `hello ${who}`, knexReady: typeof services.knex === 'function' } }),
  // Reaches its own service through the app, typed (no cast): what a handler of the module does.
  middleware: (services) => async (ctx, next) => {
    if (ctx.path !== '/probe-service') return next();
    ctx.body = { greeting: services.modules.probe.greet('module') };
  },
});

for (const db of testDatabases()) {
  describe(`module services (${db.name})`, () => {
    after(() => db.cleanup());

    it("builds a module's service from the kernel's, reachable as services.modules.<name> and by its middleware", async () => {
      const instance = await createApp(await db.config(), { routes: parts.routes, modules: [...parts.modules, probe] }, { logger: quiet });
      try {
        assert.equal(instance.services.modules.probe.greet('test'), 'hello test');
        assert.equal(instance.services.modules.probe.knexReady, true, 'the factory received the kernel services');
        // The shipped modules' services sit beside it.
        assert.ok(Object.keys(instance.services.modules).length >= 1);
        const res = await request(instance.callback()).get('/probe-service');
        assert.equal(res.status, 200);
        assert.deepEqual(res.body, { greeting: 'hello module' });
      } finally {
        await instance.close();
      }
    });

    it('stops the start when two modules provide the same service name, naming both', async () => {
      const twin = defineModule({ name: 'twin', services: () => ({ probe: { greet: () => 'twin', knexReady: false } }) });
      await assert.rejects(
        createApp(await db.config(), { routes: parts.routes, modules: [...parts.modules, probe, twin] }, { logger: quiet }),
        /modules probe and twin both provide the service "probe"/,
      );
    });
  });
}
