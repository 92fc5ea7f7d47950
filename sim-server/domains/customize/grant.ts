/**
 * What cards give for customisation (docs/decisions/0026), called in the caller's transaction:
 * a one-off right to upload an avatar or change the nickname (a one-off avatar or nickname
 * card), and an unlocked reactions, emojis or pattern bundle. Idempotent per (source, ref).
 */
import type { Db, Tx } from '../../db/database.ts';

export type CustomizeRight = 'avatar' | 'nickname';
export type UnlockKind = 'reactions' | 'emojis' | 'pattern';

/** Gives one right; answers false when (source, ref) had given it already. */
export async function grantCustomizeRight(tx: Tx, userId: number, kind: CustomizeRight, options: { source: string; ref?: string | null; now: number }): Promise<boolean> {
  const { changes } = await tx.run(
    'INSERT INTO customize_rights (user_id, kind, source, ref, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    userId, kind, options.source, options.ref ?? null, options.now,
  );
  return changes === 1;
}

/** Spends one right of the kind; false when the player holds none (nothing changes then). */
export async function spendCustomizeRight(tx: Tx, userId: number, kind: CustomizeRight, now: number): Promise<boolean> {
  const { changes } = await tx.run(
    // used_at IS NULL again outside: on PostgreSQL a transaction that waited for another's row
    // lock checks the outer WHERE on the row as that one left it (docs/decisions/0058).
    "UPDATE customize_rights SET used_at = ? WHERE id = (SELECT id FROM customize_rights WHERE user_id = ? AND kind = ? AND used_at IS NULL ORDER BY id LIMIT 1) AND used_at IS NULL",
    now, userId, kind,
  );
  return changes === 1;
}

/** How many unspent rights of each kind the player holds. */
export async function customizeRights(db: Pick<Db, 'all'>, userId: number): Promise<Record<CustomizeRight, number>> {
  const counts: Record<CustomizeRight, number> = { avatar: 0, nickname: 0 };
  for (const r of await db.all<{ kind: CustomizeRight; n: number }>('SELECT kind, COUNT(*) AS n FROM customize_rights WHERE user_id = ? AND used_at IS NULL GROUP BY kind', userId)) counts[r.kind] = r.n;
  return counts;
}

/** Unlocks a bundle (a reactions or emojis set by its id, a pattern by its hash); answers false when already unlocked. */
export async function unlockBundle(tx: Tx, userId: number, kind: UnlockKind, item: string, options: { source: string; ref?: string | null; now: number }): Promise<boolean> {
  const { changes } = await tx.run(
    'INSERT INTO user_unlocks (user_id, kind, item, source, ref, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
    userId, kind, item, options.source, options.ref ?? null, options.now,
  );
  return changes === 1;
}

/** The bundles a player has unlocked, by kind. */
export async function unlockedBundles(db: Pick<Db, 'all'>, userId: number): Promise<Record<UnlockKind, string[]>> {
  const out: Record<UnlockKind, string[]> = { reactions: [], emojis: [], pattern: [] };
  for (const r of await db.all<{ kind: UnlockKind; item: string }>('SELECT kind, item FROM user_unlocks WHERE user_id = ? ORDER BY created_at, item', userId)) out[r.kind].push(r.item);
  return out;
}
