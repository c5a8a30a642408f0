import { defineModule } from '../../app/module.js';
import { messages } from './messages.js';

/** Device locks (schemas/lock): the screens and commands are the schemas' and handlers'; the manifest adds messages. */
export default defineModule({
  name: 'lock',
  messages,
});
