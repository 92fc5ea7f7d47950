/**
 * The arena's figures of the day (docs/decisions/0050): games started since UTC midnight and
 * the day's biggest drop, for arena.statistics and ARENA_STATISTICS. The pusher keeps one
 * DayFigures, which reads each table forward from the last row it counted (by id, which grows
 * with time), so a look costs the rows written since the previous one; the first look of a day
 * finds the day's first row by a binary search on the primary key. arena.statistics reads the
 * day whole (a fresh DayFigures): the arena page asks it once.
 */
import type { z } from '../../../src/contract/index.ts';
import type { ArenaStatistics, ArenaToday } from '../../../src/contract/index.ts';
import { toShortHash } from '../../../src/core/hash-id.ts';
import { periodAt } from '../../../src/core/race-periods.ts';
import type { Db } from '../../db/database.ts';
import type { Services } from '../../rpc/context.ts';
import { simulatedOnline } from '../../world/population-count.ts';
import { findUserById, publicUser } from '../../kernel/users.ts';
import { arenaFigures } from '../battles/lobby.ts';
import type { CatalogView } from '../cases/catalog-store.ts';

type Read = Pick<Db, 'get' | 'all'>;

/** Tables whose rows are games started (a battle, a case bought, a chicken game, a dice roll). */
const GAME_TABLES = ['battles', 'unbox_games', 'chicken_games', 'dice_rolls'] as const;
type Counted = (typeof GAME_TABLES)[number] | 'drops' | 'battle_drops';

/** The first id of a table whose row was made at or after `since`, or one past the last id. */
export async function firstIdSince(db: Read, table: Counted, since: number): Promise<number> {
  const last = (await db.get<{ id: number | null }>(`SELECT MAX(id) AS id FROM ${table}`))?.id ?? 0;
  let lo = 1;
  let hi = last + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    // The first row at or after mid (ids may have gaps).
    const row = await db.get<{ id: number; created_at: number }>(`SELECT id, created_at FROM ${table} WHERE id >= ? ORDER BY id LIMIT 1`, mid);
    if (!row || row.created_at >= since) hi = mid;
    else lo = row.id + 1;
  }
  return lo;
}

interface Best {
  value: number;
  itemId: number;
  userId: number;
  path: string;
  type: 'battle' | 'unbox';
  time: number;
}

/** One process's running figures of the current day. */
export class DayFigures {
  private day = -1;
  /** The next id to read, by table. */
  private readonly next = new Map<Counted, number>();
  private readonly counts = new Map<Counted, number>();
  private best: Best | null = null;

  private readonly db: Read;

  constructor(db: Read) {
    this.db = db;
  }

  /** Reads what was written since the last look; a new day starts again from its first rows. */
  private async catchUp(now: number): Promise<void> {
    const { start } = periodAt('daily', now);
    if (start !== this.day) {
      this.day = start;
      this.best = null;
      for (const table of [...GAME_TABLES, 'drops', 'battle_drops'] as const) {
        this.next.set(table, await firstIdSince(this.db, table, start));
        this.counts.set(table, 0);
      }
    }
    for (const table of GAME_TABLES) {
      const from = this.next.get(table)!;
      const row = (await this.db.get<{ n: number; last: number | null }>(`SELECT COUNT(*) AS n, MAX(id) AS last FROM ${table} WHERE id >= ?`, from))!;
      if (row.last === null) continue;
      this.counts.set(table, this.counts.get(table)! + row.n);
      this.next.set(table, row.last + 1);
    }
    const unbox = (await this.db.get<{ last: number | null }>('SELECT MAX(id) AS last FROM drops WHERE id >= ?', this.next.get('drops')!))!;
    if (unbox.last !== null) {
      const top = await this.db.get<{ value: number; item_id: number; user_id: number; key: string; created_at: number }>(
        `SELECT i.price AS value, d.item_id, d.user_id, b.key, d.created_at FROM drops d JOIN items i ON i.id = d.item_id JOIN boxes b ON b.id = d.box_id
          WHERE d.id >= ? AND d.id <= ? ORDER BY i.price DESC, d.id LIMIT 1`,
        this.next.get('drops')!, unbox.last,
      );
      this.counts.set('drops', this.counts.get('drops')! + (unbox.last - this.next.get('drops')! + 1));
      this.next.set('drops', unbox.last + 1);
      if (top) this.offer({ value: top.value, itemId: top.item_id, userId: top.user_id, path: `/case/${top.key}`, type: 'unbox', time: top.created_at });
    }
    // A public battle's drops are public once its round starts; bots' drops stay with the house.
    const battle = (await this.db.get<{ last: number | null }>('SELECT MAX(id) AS last FROM battle_drops WHERE id >= ?', this.next.get('battle_drops')!))!;
    if (battle.last !== null) {
      const top = await this.db.get<{ value: number; item_id: number; user_id: number; battle_id: number; created_at: number }>(
        `SELECT d.value, d.item_id, d.user_id, d.battle_id, d.created_at FROM battle_drops d
           JOIN battles b ON b.id = d.battle_id JOIN battle_seats s ON s.battle_id = d.battle_id AND s.seat = d.seat
          WHERE d.id >= ? AND d.id <= ? AND b.personal = 0 AND s.bot = 0 ORDER BY d.value DESC, d.id LIMIT 1`,
        this.next.get('battle_drops')!, battle.last,
      );
      this.next.set('battle_drops', battle.last + 1);
      if (top) this.offer({ value: top.value, itemId: top.item_id, userId: top.user_id, path: `/battle/${toShortHash(top.battle_id)}`, type: 'battle', time: top.created_at });
    }
  }

  private offer(candidate: Best): void {
    if (!this.best || candidate.value > this.best.value) this.best = candidate;
  }

  /** The day's figures as the wire shows them. */
  async read(now: number, catalog: CatalogView): Promise<z.output<typeof ArenaToday>> {
    await this.catchUp(now);
    const games = GAME_TABLES.reduce((sum, table) => sum + this.counts.get(table)!, 0);
    const best = this.best;
    const item = best ? catalog.item(best.itemId) : undefined;
    const user = best ? await findUserById(this.db, best.userId) : undefined;
    return {
      since: this.day,
      games,
      battles: this.counts.get('battles')!,
      cases_opened: this.counts.get('drops')!,
      biggest_drop: best && item && user
        ? { item, value: best.value, user: publicUser(user), game_path: best.path, game_type: best.type, time: best.time }
        : null,
    };
  }
}

/** A day's running figures over a database: the pusher keeps one; a single read makes its own. */
export function createDayFigures(db: Read): DayFigures {
  return new DayFigures(db);
}

/** arena.statistics' answer: who is on line, the battles by stage, the pots, and today's figures. */
export async function arenaStatistics(
  services: Pick<Services, 'db' | 'catalog' | 'hub' | 'config'>,
  figures: DayFigures = createDayFigures(services.db),
): Promise<z.output<typeof ArenaStatistics>> {
  const now = services.config.now();
  return { online: services.hub.stats().connections, simulated: simulatedOnline(), ...await arenaFigures(services.db), today: await figures.read(now, await services.catalog.view()), time: now };
}
