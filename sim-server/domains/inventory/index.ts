/** The player's items. */
import type { Domain } from '../../rpc/context.ts';
import { inventoryHandlers } from './methods.ts';

export const inventory: Domain = { handlers: inventoryHandlers };
