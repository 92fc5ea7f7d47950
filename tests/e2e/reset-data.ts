/** Empties the e2e server's data folder so every run starts on a fresh database. */
import { mkdirSync, rmSync } from 'node:fs';
import { resolve, sep } from 'node:path';

const target = resolve(process.argv[2] ?? '.tmp/e2e-data');
// Only ever delete under the project's .tmp, whatever the argument says.
if (!target.startsWith(resolve('.tmp') + sep)) throw new Error(`refusing to remove ${target}: not under .tmp/`);
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
