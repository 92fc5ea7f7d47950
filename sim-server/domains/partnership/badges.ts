/**
 * Partner badges (partnership-plus prepare-badge, change-badges, change-referral-badges;
 * docs/decisions/0028): a partner designs up to 12 badges from a fixed icon set, shows up to
 * 3 on themselves and gives one to each referral rank.
 */
import { NumericError, REFERRAL_RANKS, type PartnerBadges, type z } from '../../../src/contract/index.ts';
import { BADGES_ACTIVE_MAX, BADGES_MAX, parseHash, toHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { requirePartner } from './races.ts';

type Rank = (typeof REFERRAL_RANKS)[number];

interface BadgeRow {
  id: number;
  name: string;
  icon: string;
  colour: string;
  active: number;
}

const view = (row: BadgeRow) => ({ id: toHash(row.id), name: row.name, icon: row.icon, colour: row.colour.toLowerCase(), active: row.active === 1 });

async function badgesOf(db: Pick<Db, 'all'>, partnerId: number): Promise<z.output<typeof PartnerBadges>> {
  const badges = (await db.all<BadgeRow>('SELECT id, name, icon, colour, active FROM partner_badges WHERE partner_id = ? ORDER BY id', partnerId)).map(view);
  const referral_badges = Object.fromEntries(REFERRAL_RANKS.map((r) => [r, null])) as Record<Rank, string | null>;
  for (const row of await db.all<{ rank: Rank; badge_id: number }>('SELECT rank, badge_id FROM partner_referral_badges WHERE partner_id = ?', partnerId)) referral_badges[row.rank] = toHash(row.badge_id);
  return { badges, referral_badges };
}

/** The badge each referral rank of a partner wears, as shown in their referrals list. */
export async function rankBadges(db: Pick<Db, 'all'>, partnerId: number): Promise<Record<Rank, ReturnType<typeof view> | null>> {
  const worn = Object.fromEntries(REFERRAL_RANKS.map((r) => [r, null])) as Record<Rank, ReturnType<typeof view> | null>;
  const rows = await db.all<BadgeRow & { rank: Rank }>(
    'SELECT r.rank, b.id, b.name, b.icon, b.colour, b.active FROM partner_referral_badges r JOIN partner_badges b ON b.id = r.badge_id WHERE r.partner_id = ?',
    partnerId,
  );
  for (const row of rows) worn[row.rank] = view(row);
  return worn;
}

/** A badge id of this partner's, or INPUT_ERROR naming the field. */
async function ownBadge(db: Pick<Db, 'get'>, partnerId: number, hash: string, field: string): Promise<number> {
  const id = parseHash(hash);
  const row = id === null ? undefined : await db.get<{ id: number }>('SELECT id FROM partner_badges WHERE id = ? AND partner_id = ?', id, partnerId);
  if (!row) fail(NumericError.INPUT_ERROR, `${field}: not one of your badges`);
  return row.id;
}

export const badgeHandlers: Handlers = {
  'partnership-plus.prepare-badge': ({ name, icon, colour }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return ctx.db.transaction(async (tx) => {
      const count = (await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM partner_badges WHERE partner_id = ?', user.id))!.n;
      if (count >= BADGES_MAX) fail(NumericError.INVALID_DATA, `At most ${BADGES_MAX} badges`);
      const row = (await tx.get<BadgeRow>('INSERT INTO partner_badges (partner_id, name, icon, colour, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id, name, icon, colour, active', user.id, name, icon, colour, ctx.config.now()))!;
      return { badge: view(row), ...await badgesOf(tx, user.id) };
    });
  },
  'partnership-plus.change-badges': ({ ids }, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return ctx.db.transaction(async (tx: Tx) => {
      const chosen = new Set<number>();
      for (const [i, hash] of ids.entries()) chosen.add(await ownBadge(tx, user.id, hash, `ids[${i}]`));
      if (chosen.size > BADGES_ACTIVE_MAX) fail(NumericError.INPUT_ERROR, `ids: at most ${BADGES_ACTIVE_MAX} badges`);
      await tx.run('UPDATE partner_badges SET active = 0 WHERE partner_id = ?', user.id);
      for (const id of chosen) await tx.run('UPDATE partner_badges SET active = 1 WHERE id = ?', id);
      return badgesOf(tx, user.id);
    });
  },
  'partnership-plus.change-referral-badges': (params, ctx) => {
    const user = requireUser(ctx);
    requirePartner(user);
    return ctx.db.transaction(async (tx: Tx) => {
      for (const rank of REFERRAL_RANKS) {
        const value = (params as Partial<Record<Rank, string>>)[rank];
        if (value === undefined) continue;
        if (value === '') await tx.run('DELETE FROM partner_referral_badges WHERE partner_id = ? AND rank = ?', user.id, rank);
        else
          await tx.run(
            'INSERT INTO partner_referral_badges (partner_id, rank, badge_id) VALUES (?, ?, ?) ON CONFLICT (partner_id, rank) DO UPDATE SET badge_id = excluded.badge_id',
            user.id, rank, await ownBadge(tx, user.id, value, rank),
          );
      }
      return badgesOf(tx, user.id);
    });
  },
};
