import { defineModule } from '../../app/module.js';
import { healOrderRollup } from './orderRollup.js';

/**
 * The demo shop (schemas/demo): screens and commands are the schemas' and handlers'; the manifest heals the
 * dashboard roll-up's SQLite triggers at boot (orderRollup.ts `healOrderRollup`).
 */
export default defineModule({
  name: 'demo',
  async onBoot(services) {
    const created = await healOrderRollup(services.knex);
    if (created.length) services.logger.warn(`dashboard roll-up: trigger(s) ${created.join(', ')} were missing (a rebuilt table); created again and the roll-up recomputed`);
  },
});
