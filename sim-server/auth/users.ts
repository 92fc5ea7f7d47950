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
  /** Experience of `season` (progression), lifetime figures and the profile's settings. */
  season: number;
  season_exp: number;
  total_wager: number;
  games_played: number;
  /** A rest (account.break) lasts until this moment (ms); null without one. */
  break_until: number | null;
  status_text: string;
  private_profile: number;
  /** The uploaded avatar's public path (customisation), null for the default one; absent before migration 26. */
  avatar?: string | null;
  /** The applied profile pattern's tile (docs/decisions/0034), null for none; absent before migration 61. */
  pattern?: string | null;
  /** The badge shown beside the name (account.set-badge), null for none. */
  badge: string | null;
}

/** Finds a player by id. */
export function findUserById(db: Pick<Db, 'get'>, id: number): Promise<UserRow | undefined> {
  return db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
}
