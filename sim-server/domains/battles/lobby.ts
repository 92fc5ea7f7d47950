/** The lobby's lists of battles, the history pages and the arena figures, read from the battle tables. */
import type { ArenaConfig, z } from '../../../src/contract/index.ts';
import { BATTLE_MODES, BATTLE_SEATS, CASE_COUNTS, MAX_ROUNDS, TEAM_BATTLE_SEATS, toHash } from '../../../src/core/index.ts';
import type { Db } from '../../db/database.ts';
import type { BattleDeps } from './apply.ts';
import { BATTLE_TIMINGS } from './engine.ts';
import { OPEN_STATUSES, type BattleRow } from './store.ts';
import { battleGameOut, type BattleGameOut } from './views.ts';

/** Most public battles the lobby lists, newest first. */
const LOBBY_PUBLIC = 100;
/** Most of a player's own running battles the lobby lists. */
const LOBBY_PERSONAL = 50;

const OPEN = `(${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** The arena's fixed rules (arena.lobby config). */
export function arenaConfig(): z.output<typeof ArenaConfig> {
  return {
    seats: { ...BATTLE_SEATS },
    team_seats: TEAM_BATTLE_SEATS,
    case_counts: [...CASE_COUNTS],
    max_rounds: MAX_ROUNDS,
    modes: [...BATTLE_MODES],
    options: ['crazy', 'terminal', 'tiebreak', 'kings', 'rob', 'share', 'fast'],
    timings: {
      countdown_ms: BATTLE_TIMINGS.countdownMs,
      round_ms: { ...BATTLE_TIMINGS.roundMs },
      rob_commit_ms: BATTLE_TIMINGS.robCommitMs,
      rob_reveal_ms: BATTLE_TIMINGS.robRevealMs,
    },
  };
}

type Reader = Pick<Db, 'all' | 'get'>;
type Deps = Pick<BattleDeps, 'states'>;

function gamesOf(deps: Deps, rows: readonly BattleRow[], now: number): BattleGameOut[] {
  return rows.map((row) => battleGameOut(row, deps.states.get(row), now));
}

/** Public battles that have not ended, newest first. */
export async function publicBattles(db: Reader, deps: Deps, now: number): Promise<BattleGameOut[]> {
  return gamesOf(deps, await db.all<BattleRow>(`SELECT * FROM battles WHERE personal = 0 AND status IN ${OPEN} ORDER BY id DESC LIMIT ?`, LOBBY_PUBLIC), now);
}

/** Battles a player sits in that have not ended (personal ones included), newest first. */
export async function playerBattles(db: Reader, deps: Deps, userId: number, now: number): Promise<BattleGameOut[]> {
  const rows = await db.all<BattleRow>(
    `SELECT b.* FROM battles b JOIN battle_seats s ON s.battle_id = b.id WHERE s.user_id = ? AND b.status IN ${OPEN} ORDER BY b.id DESC LIMIT ?`,
    userId, LOBBY_PERSONAL,
  );
  return gamesOf(deps, rows, now);
}

/** One page of history and the totals over the whole list (arena.history). */
export interface HistoryPage {
  games: BattleGameOut[];
  resume: { loaded: boolean; total_count: number; multi_count: number; top_reward: number };
}

/**
 * Ended battles, newest first, after the battle id `before`: a player's own (finished, or closed
 * before the start), or for a visitor (null) the public finished ones.
 */
export async function historyPage(db: Reader, deps: Deps, viewer: number | null, page: { before?: number; count: number }, now: number): Promise<HistoryPage> {
  const from = viewer === null
    ? "FROM battles b WHERE b.personal = 0 AND b.status = 'finished'"
    : "FROM battles b JOIN battle_seats s ON s.battle_id = b.id AND s.user_id = ? WHERE b.status IN ('finished', 'closed')";
  const who = viewer === null ? [] : [viewer];
  const rows = await db.all<BattleRow>(`SELECT b.* ${from} AND b.id < ? ORDER BY b.id DESC LIMIT ?`, ...who, page.before ?? Number.MAX_SAFE_INTEGER, page.count + 1);
  const totals = (await db.get<{ total: number; multi: number | null }>(`SELECT COUNT(*) AS total, SUM(CASE WHEN b.seats > 2 THEN 1 ELSE 0 END) AS multi ${from}`, ...who))!;
  const top = viewer === null
    ? (await db.get<{ top: number | null }>(`SELECT MAX(r.reward) AS top FROM battle_seats r JOIN battles b ON b.id = r.battle_id WHERE b.personal = 0 AND b.status = 'finished'`))!
    : (await db.get<{ top: number | null }>('SELECT MAX(reward) AS top FROM battle_seats WHERE user_id = ?', viewer))!;
  return {
    games: gamesOf(deps, rows.slice(0, page.count), now),
    resume: { loaded: rows.length <= page.count, total_count: totals.total, multi_count: totals.multi ?? 0, top_reward: top.top ?? 0 },
  };
}

/** Battles by stage, the value of every finished pot and the biggest public one. */
export async function arenaFigures(db: Reader) {
  const byStatus = new Map((await db.all<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM battles GROUP BY status')).map((r) => [r.status, r.n]));
  const count = (...statuses: string[]) => statuses.reduce((sum, s) => sum + (byStatus.get(s) ?? 0), 0);
  const pots = (await db.get<{ total: number | null }>("SELECT SUM(pot) AS total FROM battles WHERE status = 'finished'"))!;
  const top = await db.get<{ id: number; pot: number }>("SELECT id, pot FROM battles WHERE status = 'finished' AND personal = 0 ORDER BY pot DESC, id LIMIT 1");
  return {
    games: { waiting: count('waiting'), running: count('process', 'running', 'rob'), finished: count('finished') },
    pot_total: pots.total ?? 0,
    top_pot: top ? { hash: toHash(top.id), pot: top.pot } : null,
  };
}
