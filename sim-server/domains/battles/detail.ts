/** arena.game of a battle: its state, players, drops with their fairness records, cases, rob phase and messages. */
import type { BattleGameDetail, z } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/index.ts';
import type { Db } from '../../db/database.ts';
import type { BattleDeps } from './apply.ts';
import type { BoxVersion } from '../cases/catalog-store.ts';
import { boxVersionsOf, dropsOfBattle, recentMessages, type BattleRow } from './store.ts';
import { battleDropOut, battleGameOut, battleMessageOut, publicUsers, robOut, seatedHashes } from './views.ts';

/** Messages arena.game shows. */
const DETAIL_MESSAGES = 50;

/** Everything a battle's page and its fairness replay need. */
export async function battleDetail(db: Pick<Db, 'all' | 'get'>, deps: Pick<BattleDeps, 'states' | 'catalog'>, row: BattleRow, now: number): Promise<z.output<typeof BattleGameDetail>> {
  const state = deps.states.get(row);
  const catalog = await deps.catalog();
  const versions = boxVersionsOf(row);
  const boxes: BoxVersion[] = [];
  for (const hash of new Set(state.rounds)) {
    const id = parseHash(hash)!;
    boxes.push((await catalog.boxVersion(id, versions[id]!))!);
  }
  const itemIds = [...new Set(boxes.flatMap((box) => box.slots.map((slot) => slot.itemId)))];
  const serverSeed = state.status === 'finished' ? state.serverSeed : null;
  return {
    game: battleGameOut(row, state, now),
    users: await publicUsers(db, seatedHashes(state)),
    drops: (await dropsOfBattle(db, row.id)).map((drop) => battleDropOut(drop, serverSeed)),
    items: itemIds.map((id) => catalog.item(id)!),
    boxes: boxes.map((box) => box.out),
    lobby: row.personal ? null : { game_hash: toHash(row.id) },
    modes: { rob: state.rob ? robOut(state.rob) : null },
    messages: (await recentMessages(db, row.id, DETAIL_MESSAGES)).map(battleMessageOut),
  };
}
