/** Case battles: seats, rounds, the runner and the bots. */
import type { Domain } from '../../rpc/context.ts';
import { battleHandlers } from './methods.ts';
import { reactionHandlers } from './reactions.ts';
import { startBattles } from './runtime.ts';

export const battles: Domain = { handlers: { ...battleHandlers, ...reactionHandlers }, register: startBattles };
