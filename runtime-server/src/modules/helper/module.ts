import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';

/** The AI helper (schemas/helper): its handler is the schema's; the manifest adds messages. */
export default defineModule({
  name: 'helper',
  messages,
});
