/**
 * Referral ranks and bans (document 3 partnership-plus; docs/decisions/0022): a referral's
 * rank, S best to E, is read from what they wagered against the partner's scheme when asked,
 * so a changed scheme re-ranks everyone at once and nothing is kept per referral.
 */
import { NumericError, REFERRAL_RANKS, type RankScheme, type z } from '../../../src/contract/index.ts';
import { parseHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { countReferral } from './partner-stats.ts';

type Scheme = z.output<typeof RankScheme>;
type Rank = (typeof REFERRAL_RANKS)[number];

/** The scheme of a partner who never set one: 10,000 / 2,500 / 500 / 100 / 10 coins. */
export const DEFAULT_SCHEME: Scheme = { S: 1_000_000, A: 250_000, B: 50_000, C: 10_000, D: 1_000 };

export async function schemeOf(db: Pick<Db, 'get'>, partnerId: number): Promise<Scheme> {
  const row = await db.get<{ s: number; a: number; b: number; c: number; d: number }>('SELECT s, a, b, c, d FROM partner_rank_schemes WHERE partner_id = ?', partnerId);
  return row ? { S: row.s, A: row.a, B: row.b, C: row.c, D: row.d } : DEFAULT_SCHEME;
}

export function rankFor(scheme: Scheme, wagered: number): Rank {
  return (['S', 'A', 'B', 'C', 'D'] as const).find((rank) => wagered >= scheme[rank]) ?? 'E';
}

export async function changeScheme(tx: Tx, partnerId: number, scheme: Scheme): Promise<Scheme> {
  const { S, A, B, C, D } = scheme;
  if (!(S > A && A > B && B > C && C > D && D >= 0)) fail(NumericError.INPUT_ERROR, 'S, A, B, C, D: each must be less than the one before');
  await tx.run(
    'INSERT INTO partner_rank_schemes (partner_id, s, a, b, c, d) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (partner_id) DO UPDATE SET s = excluded.s, a = excluded.a, b = excluded.b, c = excluded.c, d = excluded.d',
    partnerId, S, A, B, C, D,
  );
  return scheme;
}

/** A referral of this partner by hash, or 30 'User not found.' (another partner's referral looks the same as nobody). */
export async function ownReferral(db: Pick<Db, 'get'>, partnerId: number, hash: string): Promise<{ userId: number; wagered: number }> {
  const userId = parseHash(hash);
  const row = userId === null ? undefined : await db.get<{ wagered: number | null }>(
    'SELECT e.wagered FROM referrals r LEFT JOIN referral_earnings e ON e.user_id = r.user_id AND e.partner_id = r.partner_id WHERE r.user_id = ? AND r.partner_id = ?',
    userId, partnerId,
  );
  if (!row || userId === null) fail(NumericError.NOT_FOUND, 'User not found.');
  return { userId, wagered: row.wagered ?? 0 };
}

/** How many referrals hold each rank. */
export async function rankCounts(db: Pick<Db, 'all'>, partnerId: number, scheme: Scheme): Promise<Record<Rank, number>> {
  const rows = await db.all<{ rank: Rank; n: number }>(
    `SELECT CASE WHEN w >= ? THEN 'S' WHEN w >= ? THEN 'A' WHEN w >= ? THEN 'B' WHEN w >= ? THEN 'C' WHEN w >= ? THEN 'D' ELSE 'E' END AS rank, COUNT(*) AS n
       FROM (SELECT COALESCE(e.wagered, 0) AS w FROM referrals r LEFT JOIN referral_earnings e ON e.user_id = r.user_id AND e.partner_id = r.partner_id WHERE r.partner_id = ?) AS referred
      GROUP BY rank`,
    scheme.S, scheme.A, scheme.B, scheme.C, scheme.D, partnerId,
  );
  const counts = Object.fromEntries(REFERRAL_RANKS.map((rank) => [rank, 0])) as Record<Rank, number>;
  for (const row of rows) counts[row.rank] = row.n;
  return counts;
}

/** Bans a referral: off the partner's list, and refused the partner's code from now on. */
export async function banReferral(tx: Tx, partnerId: number, userId: number, now: number): Promise<void> {
  if ((await tx.run('DELETE FROM referrals WHERE user_id = ? AND partner_id = ?', userId, partnerId)).changes > 0) await countReferral(tx, partnerId, -1);
  await tx.run('INSERT INTO partner_bans (partner_id, user_id, banned_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', partnerId, userId, now);
}

/** Whether a partner banned a player. */
export async function isBanned(db: Pick<Db, 'get'>, partnerId: number, userId: number): Promise<boolean> {
  return await db.get<{ n: number }>('SELECT 1 AS n FROM partner_bans WHERE partner_id = ? AND user_id = ?', partnerId, userId) !== undefined;
}

