/** A player's profile as others see it (/@{name}, the hover widget). */
import type { ProfileUser, z } from '../../../src/contract/index.ts';
import { FEATURED_RACE } from '../../../src/core/race-periods.ts';
import { rankForSeasonExp } from '../../../src/core/levels.ts';
import type { Db } from '../../db/database.ts';
import { hasTag, publicUser, type UserRow } from '../../kernel/users.ts';
import { codeOf } from '../partnership/codes.ts';
import { seasonAt } from '../progression/experience.ts';
import type { RaceBoards } from '../progression/race.ts';

/** How many players follow a player. */
export async function followersCount(db: Pick<Db, 'get'>, userId: number): Promise<number> {
  return (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM follows WHERE followee_id = ?', userId))!.n;
}

/** The most valuable item a player ever pulled (kept or sold since), or null. */
async function bestDropOf(db: Pick<Db, 'get'>, userId: number): Promise<{ name: string; price: number; rarity: string } | null> {
  return await db.get<{ name: string; price: number; rarity: string }>(
    `SELECT i.name, i.price, i.rarity FROM assets a JOIN items i ON i.id = a.item_id
      WHERE a.user_id = ? AND a.kind = 'item' ORDER BY i.price DESC LIMIT 1`,
    userId,
  ) ?? null;
}

/** The profile of `row` as `viewer` (null: a visitor) sees it. */
export async function profileOf(db: Db, boards: RaceBoards, row: UserRow, viewer: number | null, now: number): Promise<z.output<typeof ProfileUser>> {
  const own = viewer === row.id;
  const hidden = row.private_profile === 1 && !own;
  const seasonExp = row.season === seasonAt(now) ? row.season_exp : 0;
  const standing = rankForSeasonExp(seasonExp);
  const base = publicUser(row);
  const race = await boards.current(FEATURED_RACE, now);
  return {
    ...base,
    status: row.status_text,
    private: row.private_profile === 1,
    followers_count: await followersCount(db, row.id),
    is_following: viewer !== null && !own && await db.get('SELECT 1 AS x FROM follows WHERE follower_id = ? AND followee_id = ?', viewer, row.id) !== undefined,
    total_wager: hidden ? null : row.total_wager,
    games: hidden ? null : row.games_played,
    best_drop: hidden ? null : await bestDropOf(db, row.id),
    user_progress: { level: base.level, exp: row.exp },
    season_experience: { rank: standing.rank.rank, rank_next: standing.rank_next?.rank ?? null, exp: seasonExp, rank_exp: standing.rank_exp, rank_exp_next: standing.rank_exp_next },
    stats: { level: base.level, rank: standing.rank.rank, race: race.board.placeOf(row.id)?.place ?? null },
    achieves_count: (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM achievements WHERE user_id = ?', row.id))!.n,
    code: hasTag(row, 'partner') || hasTag(row, 'club_member') ? await codeOf(db, row) : null,
  };
}
