/**
 * A finished battle's best drop in the chat (arena_drop, docs/decisions/0050): the highest
 * value a player (not a bot) dropped, when it clears ARENA_DROP_MIN. Told when the battle
 * finishes rather than as its round starts, so the chat never shows a drop before the battle's
 * own page has spun it. A personal battle's drop is told without a link (its address is a
 * secret token).
 */
import type { Tx } from '../../db/database.ts';
import { isArenaDrop, postArenaDrop } from '../chat/special-posts.ts';
import type { BattleDeps } from './apply.ts';
import type { BattleRow } from './store.ts';
import { battlePath } from './views.ts';

/** Posts the battle's best drop, if one is worth it, in the transaction that finishes it. */
export async function tellBestDrop(deps: Pick<BattleDeps, 'hub' | 'catalog'>, tx: Tx, row: BattleRow, at: number): Promise<void> {
  const best = await tx.get<{ user_id: number; item_id: number; box_id: number; round: number; value: number }>(
    `SELECT d.user_id, d.item_id, d.box_id, d.round, d.value FROM battle_drops d
       JOIN battle_seats s ON s.battle_id = d.battle_id AND s.seat = d.seat
      WHERE d.battle_id = ? AND s.bot = 0 ORDER BY d.value DESC, d.id LIMIT 1`,
    row.id,
  );
  if (!best || !isArenaDrop(best.value)) return;
  const catalog = await deps.catalog();
  const item = catalog.item(best.item_id);
  if (!item) return;
  const rounds = (await tx.get<{ n: number }>('SELECT MAX(round) AS n FROM battle_drops WHERE battle_id = ?', row.id))?.n ?? best.round;
  const box = catalog.box(best.box_id);
  await postArenaDrop(tx, { hub: deps.hub, now: at }, {
    userId: best.user_id,
    item: { ...item, price: best.value },
    box: box ? { image: box.out.image, name: box.out.name } : null,
    game: { type: 'battle', path: row.personal ? null : battlePath(row), round: best.round, rounds },
  });
}

