/** Referral codes, the deposit bonus and sponsor credit. */
import type { Domain } from '../../rpc/context.ts';
import { partnershipHandlers } from './methods.ts';
import { countWager } from './sponsor-credit.ts';

export const partnership: Domain = {
  handlers: partnershipHandlers,
  onLedgerEntry: (tx, change, { ledger, hub, config }) => countWager(tx, { ledger, hub, now: config.now() }, change),
};
