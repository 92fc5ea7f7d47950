/** The Battle Pass: its season on the server clock, purchase and tier claims (docs/decisions/0025). */
import type { Domain } from '../../rpc/context.ts';
import { battlePassHandlers } from './methods.ts';

export const battlepass: Domain = {
  handlers: battlePassHandlers,
};
