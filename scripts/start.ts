/**
 * `npm start`: build the client if needed, then run the sim-server (PORT, DATA_DIR from the
 * environment) with a simulated population around the player (SIM_POPULATION, default 40).
 */
import { buildIfNeeded } from './build-if-needed.ts';

process.env.SIM_POPULATION ??= '40';

await buildIfNeeded();
await import('../sim-server/main.ts');
