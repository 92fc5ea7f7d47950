/** Case tables: rows, the wire shape, and the two hooks the unbox game calls (open at a table, a drop at it). */
import { CASE_TABLE_DROPS, NumericError, Rooms, type CaseTable, type LiveDrop, type z } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/index.ts';
import { mapInOrder, type Db, type Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { Hub } from '../../socket/hub.ts';
import { findUserById, publicUser } from '../../kernel/users.ts';
import type { CatalogView } from '../cases/catalog-store.ts';

/** A case_tables row. */
export interface TableRow {
  id: number;
  box_id: number;
  created_by: number;
  created_at: number;
  opened: number;
  dropped_value: number;
}

type TableOut = z.output<typeof CaseTable>;
type LiveDropOut = z.output<typeof LiveDrop>;

/** The page of a table. */
export const tablePath = (id: number) => `/case/table/default/${toHash(id)}`;

/** A table by its hash, or undefined. */
export async function tableByHash(db: Pick<Db, 'get'>, hash: string): Promise<TableRow | undefined> {
  const id = parseHash(hash);
  return id === null ? undefined : await db.get<TableRow>('SELECT * FROM case_tables WHERE id = ?', id);
}

/** A table as the wire shows it. */
export async function tableOut(db: Pick<Db, 'get'>, catalog: CatalogView, row: TableRow): Promise<TableOut> {
  const box = catalog.box(row.box_id)!;
  return {
    id: toHash(row.id),
    path: tablePath(row.id),
    box_hash: box.out.hash,
    box_key: box.key,
    creator: publicUser((await findUserById(db, row.created_by))!),
    created_at: row.created_at,
    opened: row.opened,
    dropped_value: row.dropped_value,
  };
}

/** The table's latest drops, newest first, in the LOBBY_DROP_DROPPED shape. */
export async function tableDrops(db: Pick<Db, 'all' | 'get'>, catalog: CatalogView, tableId: number): Promise<LiveDropOut[]> {
  const rows = await db.all<{ id: number; user_id: number; box_id: number; item_id: number; created_at: number }>(
    `SELECT d.id, d.user_id, d.box_id, d.item_id, d.created_at FROM case_table_games t JOIN drops d ON d.game_id = t.game_id
      WHERE t.table_id = ? ORDER BY d.id DESC LIMIT ?`,
    tableId, CASE_TABLE_DROPS,
  );
  const users = new Map<number, ReturnType<typeof publicUser>>();
  return await mapInOrder(rows, async (row) => {
      if (!users.has(row.user_id)) users.set(row.user_id, publicUser((await findUserById(db, row.user_id))!));
      const box = catalog.box(row.box_id)!;
      return { hash: toHash(row.id), user_hash: toHash(row.user_id), box_hash: box.out.hash, box_key: box.key, items: [catalog.item(row.item_id)!], user: users.get(row.user_id)!, time: row.created_at };
    });
}

/** Ties a new unbox game to the table it was opened at; the table must deal the same case. */
export async function openAtTable(tx: Tx, tableHash: string, gameId: number, boxId: number): Promise<void> {
  const table = await tableByHash(tx, tableHash) ?? fail(NumericError.INVALID_DATA, `Table ${tableHash} not found.`);
  if (table.box_id !== boxId) fail(NumericError.INVALID_DATA, `Table ${tableHash} deals another case.`);
  await tx.run('INSERT INTO case_table_games (game_id, table_id) VALUES (?, ?)', gameId, table.id);
}

/**
 * Counts a drop of a game opened at a table, in the roll's transaction; answers the push to
 * the table's room for after the commit (nothing when the game is not at a table).
 */
export async function dropAtTable(tx: Tx, hub: Hub, gameId: number, drop: LiveDropOut, value: number): Promise<(() => void) | null> {
  const link = await tx.get<{ table_id: number }>('SELECT table_id FROM case_table_games WHERE game_id = ?', gameId);
  if (!link) return null;
  await tx.run('UPDATE case_tables SET opened = opened + 1, dropped_value = dropped_value + ? WHERE id = ?', value, link.table_id);
  const { opened, dropped_value } = (await tx.get<TableRow>('SELECT * FROM case_tables WHERE id = ?', link.table_id))!;
  const tableId = toHash(link.table_id);
  return () => void hub.publish(Rooms.caseTable(tableId), 'CASE_TABLE_DROP', { table_id: tableId, drop, opened, dropped_value });
}
