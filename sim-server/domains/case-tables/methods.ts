/** case-table.create and case-table.get (docs/decisions/0015). */
import { NumericError, Rooms } from '../../../src/contract/index.ts';
import { parseHash } from '../../../src/core/index.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { tableByHash, tableDrops, tableOut, type TableRow } from './store.ts';

/** Case table methods. */
export const caseTableHandlers: Handlers = {
  'case-table.create': async ({ box_hash }, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    const id = parseHash(box_hash);
    const box = (id !== null && catalog.box(id)) || fail(NumericError.INVALID_DATA, `Box ${box_hash} not found.`);
    if (box.deprecated) fail(NumericError.INVALID_DATA, `Box ${box.out.hash} deprecated.`);
    return ctx.db.transaction(async (tx) => {
      const { lastInsertRowid } = await tx.run('INSERT INTO case_tables (box_id, created_by, created_at) VALUES (?, ?, ?)', box.id, user.id, ctx.config.now());
      return { table: await tableOut(tx, catalog, (await tx.get<TableRow>('SELECT * FROM case_tables WHERE id = ?', lastInsertRowid))!) };
    });
  },

  'case-table.get': async ({ id }, ctx) => {
    const catalog = await ctx.catalog.view();
    const row = await tableByHash(ctx.db, id) ?? fail(NumericError.NOT_FOUND, 'Table not found.');
    const room = Rooms.caseTable(id);
    // The offset is read with the drops, in one synchronous turn: no publish can fall between them.
    return { table: await tableOut(ctx.db, catalog, row), box: catalog.box(row.box_id)!.out, drops: await tableDrops(ctx.db, catalog, row.id), offset: ctx.hub.offsetOf(room), seated: ctx.hub.memberCount(room) };
  },
};
