/**
 * Partner levels (document 1 'partner levels', the partner_level_changed notice): a partner's
 * level is their tier (src/core/partner-deals.ts), read from the referrals' running wager
 * total, so nothing is stored; the wager that moves the total across a tier's line tells the
 * partner after it commits (docs/decisions/0028).
 */
import { partnerTier } from '../../../src/core/index.ts';
import type { Tx } from '../../db/database.ts';
import type { Hub } from '../../socket/hub.ts';

export function announceLevel(tx: Tx, hub: Pick<Hub, 'toUser'>, wagered: { partnerId: number; before: number; after: number }): void {
  const before = partnerTier(wagered.before).level;
  const after = partnerTier(wagered.after).level;
  if (before !== after) tx.afterCommit(() => hub.toUser(wagered.partnerId, 'PARTNER_LEVEL_CHANGED', { new_level: after }));
}
