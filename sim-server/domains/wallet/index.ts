/** Balance, history and the vault. */
import type { Domain } from '../../rpc/context.ts';
import { walletHandlers } from './methods.ts';
import { vaultHandlers } from './vault.ts';

export const wallet: Domain = { handlers: { ...walletHandlers, ...vaultHandlers } };
