/**
 * Granting a booster (docs/decisions/0026): the one entry other areas call (a booster card's
 * activation, a Battle Pass tier reward, an operator) inside their own transaction. The
 * booster arrives 'ready' (the player starts it from the boosters modal, booster.activate)
 * or, with `activate`, already running.
 * A grant with a `ref` is idempotent per (source, ref): a retry answers the first booster.
 */
import { BOOSTER_DEFAULTS, type BoosterKind, type BoosterParams } from '../../../src/core/boosters.ts';
import type { Tx } from '../../db/database.ts';
import type { Hub } from '../../socket/hub.ts';
import { boosterById, boosterOut } from './store.ts';

export type { BoosterKind } from '../../../src/core/boosters.ts';

export interface GrantBoosterOptions {
  /** What grants it: 'card', 'battlepass', 'operator', ... */
  source: string;
  /** The card hash, tier or other key: one booster per (source, ref). */
  ref?: string | null;
  /** Server clock (ms). */
  now: number;
  /** Overrides of the kind's defaults (src/core/boosters.ts BOOSTER_DEFAULTS). */
  params?: Partial<BoosterParams>;
  /** When given, the player hears BOOSTER_CREATED after the commit. */
  hub?: Pick<Hub, 'toUser'>;
  /**
   * Start it at once (a booster card's inventory.activate: the card's level was checked, so
   * the booster's own level is not). Default false: it waits 'ready' in the boosters modal.
   */
  activate?: boolean;
}

export interface GrantedBooster {
  id: number;
  hash: string;
  /** False when (source, ref) had already granted this booster. */
  created: boolean;
}

/** Grants a booster of `kind` to `userId` in the caller's transaction. */
export async function grantBooster(tx: Tx, userId: number, kind: BoosterKind, options: GrantBoosterOptions): Promise<GrantedBooster> {
  const ref = options.ref ?? null;
  if (ref !== null) {
    const prior = await tx.get<{ id: number }>('SELECT id FROM boosters WHERE source = ? AND ref = ?', options.source, ref);
    if (prior) return { id: prior.id, hash: (await boosterById(tx, prior.id))!.hash, created: false };
  }
  const p: BoosterParams = { ...BOOSTER_DEFAULTS[kind], ...options.params };
  const { lastInsertRowid: id } = await tx.run(
    `INSERT INTO boosters (user_id, kind, status, level, multiplier_milli, duration_ms, bonus_max, bonus_left, max_price, source, ref, created_at)
     VALUES (?, ?, 'ready', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    userId, kind, p.level, p.multiplier_milli, p.duration_ms, p.bonus_max, p.bonus_max, p.max_price, options.source, ref, options.now,
  );
  if (options.activate) {
    await tx.run(
      "UPDATE boosters SET status = 'active', activated_at = ?, expires_at = CASE WHEN duration_ms IS NULL THEN NULL ELSE ? + duration_ms END WHERE id = ?",
      options.now, options.now, id,
    );
  }
  const hub = options.hub;
  if (hub) {
    const row = (await boosterById(tx, Number(id)))!;
    tx.afterCommit(() => hub.toUser(userId, 'BOOSTER_CREATED', boosterOut(row, null)));
  }
  return { id: Number(id), hash: (await boosterById(tx, Number(id)))!.hash, created: true };
}
