import { method } from '../define.ts';
import { Box, LiveDrop, PublicUser } from '../entities.ts';
import { hashId, int, z } from '../wire.ts';

/** A case table (docs/decisions/0015): one case, opened together; its drops go to CASE_TABLE[{id}]. */
export const CaseTable = z.lazy(() => z.object({
  /** The table's SF hash, the {id} of /case/table/default/{id}. */
  id: z.string(),
  path: z.string(),
  box_hash: z.string(),
  box_key: z.string(),
  creator: PublicUser,
  created_at: z.number(),
  /** Cases opened at the table so far, and what they dropped in cents. */
  opened: int(),
  dropped_value: int(),
}));

/** The most drops case-table.get answers, newest first. */
export const CASE_TABLE_DROPS = 50;

/** Case tables (document 1 route table: 'case table link', open to visitors). Unknown tables answer NOT_FOUND (30). */
export const caseTableMethods = {
  'case-table.create': () => method({
    doc: 'Opens a new table for one case; anyone with its link can sit at it. An unknown or deprecated case answers INVALID_DATA (19).',
    access: 'user',
    input: z.object({ box_hash: hashId() }),
    output: z.object({ table: CaseTable }),
  }),
  'case-table.get': () => method({
    doc: "A table with its case and its latest drops, newest first; `offset` is the table room's offset the drops are current to (join CASE_TABLE[{id}] after it).",
    access: 'public',
    input: z.object({ id: hashId() }),
    output: z.object({ table: CaseTable, box: Box, drops: z.array(LiveDrop), offset: int(), seated: int() }),
  }),
};
