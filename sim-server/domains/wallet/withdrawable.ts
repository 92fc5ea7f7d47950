/**
 * What part of a balance may leave the site. Sponsored coins (partnership.borrow, the share
 * a partner's sponsor lent) are playable only until the partner's challenge completes
 * (document 2 section 4); core's withdrawableCents splits the balance.
 */
import type { Db } from '../../db/database.ts';

/**
 * The sponsored share of a player's balance (0..1). The sponsorship programme
 * (partnership-plus credit) is not built yet, so no balance is sponsored; it is read here
 * so that withdrawals and the wallet hint switch over together once it is.
 */
export function borrowOf(_db: Pick<Db, 'get'>, _userId: number): number {
  return 0;
}
