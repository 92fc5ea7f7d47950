/** Dice. */
import type { Domain } from '../../rpc/context.ts';
import { diceHandlers } from './methods.ts';

export const dice: Domain = { handlers: diceHandlers };
