/** The player's account and settings. */
import type { Domain } from '../../rpc/context.ts';
import { accountHandlers } from './methods.ts';

export const account: Domain = { handlers: accountHandlers };
