/** `npm start`: build the client if needed, then run the sim-server (PORT, DATA_DIR from the environment). */
import { buildIfNeeded } from './build-if-needed.ts';

await buildIfNeeded();
await import('../sim-server/main.ts');
