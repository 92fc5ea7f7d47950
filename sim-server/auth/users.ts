/** The signed-in player as sessions and every call's context carry it: the users row and its lookup by id. */
import type { Db } from '../db/database.ts';

/** A users row. */
export interface UserRow {
  id: number;
  name: string;
  display_name: string;
  password_hash: string | null;
  provider_id: string | null;
  scope: number;
  tags: string;
  exp: number;
  created_at: number;
}

/** Finds a player by id. */
export function findUserById(db: Pick<Db, 'get'>, id: number): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
}
