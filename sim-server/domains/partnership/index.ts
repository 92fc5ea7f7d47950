/** Referral codes, the deposit bonus, partner earnings and sponsor credit. */
import type { Domain } from '../../rpc/context.ts';
import { partnershipHandlers } from './methods.ts';
import { accrueEarnings } from './earnings.ts';
import { countWager } from './sponsor-credit.ts';

export const partnership: Domain = {
  handlers: partnershipHandlers,
  onLedgerEntry: (tx, change, { ledger, hub, config }) => {
    countWager(tx, { ledger, hub, now: config.now() }, change);
    accrueEarnings(tx, change);
  },
};
