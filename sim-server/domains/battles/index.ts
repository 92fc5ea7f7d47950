/** Case battles: seats, rounds, the runner and the bots. */
import type { Domain } from '../../rpc/context.ts';
import { battleHandlers } from './methods.ts';
import { registerBattles } from './runtime.ts';

export const battles: Domain = { handlers: battleHandlers, register: (app, services) => void registerBattles(app, services) };
