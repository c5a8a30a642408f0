// `npm run plugin:pack -- plugins/<dir> [more dirs…]`: builds <dir>/dist/<keyName>.cool for each folder.
import { packPlugin } from '../runtime-server/src/modules/plugin/pack.js';

const dirs = process.argv.slice(2).filter((a) => a !== '--');
if (!dirs.length) {
  console.error('usage: npm run plugin:pack -- plugins/<dir> [plugins/<dir> …]');
  process.exit(2);
}
for (const dir of dirs) {
  try {
    const p = await packPlugin(dir);
    console.log(`${p.keyName} ${p.version} → ${p.file} (${p.bytes} bytes)`);
  } catch (err) {
    console.error(`${dir}: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
