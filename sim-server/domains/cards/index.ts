/** Cards and packs: Battle Pass rewards and what using them does (docs/decisions/0025). */
import type { Domain } from '../../rpc/context.ts';
import { cardHandlers } from './methods.ts';

export const cards: Domain = {
  handlers: cardHandlers,
};
