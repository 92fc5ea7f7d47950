/**
 * Sessions: one per sign-in, holding the hashed refresh token. Renewal rotates the refresh
 * token; presenting an already-rotated one revokes the session (it has leaked).
 */
import { NamedError, NumericError, TokenMessage } from '../../src/contract/index.ts';
import type { Db } from '../db/database.ts';
import { findUserById, type UserRow } from './users.ts';
import { AppError } from '../errors.ts';
import type { Config } from '../config.ts';

/** What session handling needs from the server. */
export interface AuthServices {
  db: Db;
  config: Config;
  tokens: AccessTokens;
}
import { createHmac } from 'node:crypto';
import { hashToken, randomToken, type AccessTokens } from './tokens.ts';

/** The tokens handed to a client after sign-in or renewal. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: number;
}

interface SessionRow {
  id: number;
  user_id: number;
  refresh_hash: string;
  expires_at: number;
  revoked_at: number | null;
}

/** Where a sign-in or a call came from: the browser's device token and the client's IP address (null: unknown). */
export interface Origin {
  device: string | null;
  ip: string | null;
}

/**
 * Opens a session for a player and issues its first tokens. Its device and address are kept:
 * the rules by device and address (docs/decisions/0048) compare them.
 */
export async function openSession({ db, config, tokens }: AuthServices, userId: number, origin: Origin): Promise<IssuedTokens> {
  const refreshToken = randomToken();
  const now = config.now();
  const { lastInsertRowid: sessionId } = await db.run(
    'INSERT INTO sessions (user_id, refresh_hash, device_token, ip, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    userId, hashToken(refreshToken), origin.device, origin.ip, now, now + config.refreshTtl * 1000,
  );
  const accessToken = tokens.sign({ userId, sessionId }, now);
  return { accessToken, refreshToken, sessionId };
}

/** Where a call comes from: its session's device and the address it comes from now. */
export async function callerOrigin(db: Pick<Db, 'get'>, caller: { sessionId: number | null; ip: string }): Promise<Origin> {
  const device = caller.sessionId === null ? null : (await db.get<{ device_token: string | null }>('SELECT device_token FROM sessions WHERE id = ?', caller.sessionId))?.device_token;
  return { device: device ?? null, ip: caller.ip };
}

/** Where a player last signed in from: what stands for a request in work done for them (an Auto-Join). */
export async function lastSignInOrigin(db: Pick<Db, 'get'>, userId: number): Promise<Origin> {
  return await db.get<Origin>('SELECT device_token AS device, ip FROM sessions WHERE user_id = ? ORDER BY id DESC LIMIT 1', userId) ?? { device: null, ip: null };
}

/**
 * Two tabs renewing with one refresh cookie at once both deserve the new pair: the just-rotated
 * token is honoured this long, answering the pair its first renewal issued. Later, or once the
 * session rotated again, presenting it is reuse: the token leaked and the session ends.
 */
export const RENEW_GRACE_MS = 10_000;

/**
 * The token that replaces `refreshToken`: derived from it with the server's secret, so a repeat
 * within the grace recomputes the same one without any plain token being stored.
 */
function successorOf(secret: Uint8Array, refreshToken: string): string {
  return createHmac('sha256', secret).update(`refresh:${refreshToken}`).digest('base64url');
}

/** Exchanges a refresh token for new tokens; answers invalid_grant for anything but a live one. */
export async function renewSession({ db, config, tokens }: AuthServices, refreshToken: string | undefined): Promise<IssuedTokens> {
  if (!refreshToken) throw new AppError(NamedError.invalid_grant, 'refresh token missing');
  const now = config.now();
  const presented = hashToken(refreshToken);
  const nextToken = successorOf(config.jwtSecret, refreshToken);
  const nextHash = hashToken(nextToken);
  const session = await db.transaction(async (tx) => {
    // Locked: two refreshes with one token must not both rotate it.
    const row = await tx.get<SessionRow>('SELECT id, user_id, refresh_hash, expires_at, revoked_at FROM sessions WHERE refresh_hash = ? FOR NO KEY UPDATE', presented);
    if (!row) {
      const used = await tx.get<{ id: number; rotated_at: number | null }>('SELECT session_id AS id, rotated_at FROM used_refresh WHERE refresh_hash = ?', presented);
      if (!used) return null;
      const live = (await tx.get<SessionRow>('SELECT id, user_id, refresh_hash, expires_at, revoked_at FROM sessions WHERE id = ?', used.id))!;
      const inGrace = used.rotated_at !== null && now - used.rotated_at < RENEW_GRACE_MS && live.refresh_hash === nextHash;
      if (inGrace && live.revoked_at === null && live.expires_at > now) return { row: live, issuedAt: used.rotated_at! };
      // A rotated-out token outside the grace: someone is replaying an old refresh token. Kill its session.
      await tx.run('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', now, used.id);
      return null;
    }
    if (row.revoked_at !== null || row.expires_at <= now) return null;
    await tx.run('INSERT INTO used_refresh (refresh_hash, session_id, rotated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', row.refresh_hash, row.id, now);
    await tx.run('UPDATE sessions SET refresh_hash = ? WHERE id = ?', nextHash, row.id);
    return { row, issuedAt: now };
  });
  if (!session) throw new AppError(NamedError.invalid_grant, 'refresh token is not valid');
  // Signed at the rotation's moment, so the repeat in the grace answers the very same pair.
  const accessToken = tokens.sign({ userId: session.row.user_id, sessionId: session.row.id }, session.issuedAt);
  return { accessToken, refreshToken: nextToken, sessionId: session.row.id };
}

/** Ends one session, or every session of its player. */
export async function closeSessions(db: Db, now: number, sessionId: number, everywhere: boolean): Promise<void> {
  if (everywhere) {
    await db.run('UPDATE sessions SET revoked_at = ? WHERE revoked_at IS NULL AND user_id = (SELECT user_id FROM sessions WHERE id = ?)', now, sessionId);
    await db.run('DELETE FROM connect_tokens WHERE user_id = (SELECT user_id FROM sessions WHERE id = ?)', sessionId);
  } else {
    await db.run('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', now, sessionId);
    await db.run('DELETE FROM connect_tokens WHERE session_id = ?', sessionId);
  }
}

// A subquery, not a join: every signed-in call runs this, and on the embedded engine the same
// row read through `SELECT u.* FROM sessions s JOIN users u` measured 68 µs against 4 µs this
// way (each column of the joined table costs about 2 µs; a plain row's columns a tenth of that).
const LIVE_SESSION_USER = 'SELECT * FROM users WHERE id = (SELECT user_id FROM sessions WHERE id = ? AND user_id = ? AND revoked_at IS NULL)';

/** The player of an open session, or undefined: the one statement every signed-in call makes first. */
export function liveSessionUser(db: Pick<Db, 'get'>, sessionId: number, userId: number): Promise<UserRow | undefined> {
  return db.get<UserRow>(LIVE_SESSION_USER, sessionId, userId);
}

/** Resolves an access token to its player, checking that the session is still open. */
export async function authenticate({ db, config, tokens }: AuthServices, accessToken: string): Promise<{ user: UserRow; sessionId: number }> {
  const claims = tokens.verify(accessToken, config.now());
  // Every call reads the session, so a logout refuses its token at once; the common case
  // (an open session) is one indexed join, the refusals below tell why (docs/decisions/0029).
  const live = await liveSessionUser(db, claims.sessionId, claims.userId);
  if (live) return { user: live, sessionId: claims.sessionId };
  const session = await db.get<SessionRow>('SELECT id, user_id, refresh_hash, expires_at, revoked_at FROM sessions WHERE id = ?', claims.sessionId);
  if (!session || session.revoked_at !== null || session.user_id !== claims.userId) throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.REVOKED);
  const user = await findUserById(db, claims.userId);
  if (!user) throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.INVALID);
  return { user, sessionId: session.id };
}

/** Issues a short-lived, one-use token that authenticates a socket. */
export async function issueConnectToken(db: Db, now: number, userId: number, sessionId: number, ttlSeconds = 120): Promise<string> {
  const token = randomToken(24);
  await db.run('DELETE FROM connect_tokens WHERE expires_at <= ?', now);
  await db.run('INSERT INTO connect_tokens (token, user_id, session_id, expires_at) VALUES (?, ?, ?, ?)', token, userId, sessionId, now + ttlSeconds * 1000);
  return token;
}

/** Spends a connect token: the player it names, or null when unknown, used or expired. */
export function redeemConnectToken(db: Db, now: number, token: string): Promise<{ userId: number; sessionId: number } | null> {
  return db.transaction(async (tx) => {
    const row = await tx.get<{ user_id: number; session_id: number; expires_at: number }>(
      `SELECT c.user_id, c.session_id, c.expires_at FROM connect_tokens c JOIN sessions s ON s.id = c.session_id
        WHERE c.token = ? AND s.revoked_at IS NULL`,
      token,
    );
    await tx.run('DELETE FROM connect_tokens WHERE token = ?', token);
    return row && row.expires_at > now ? { userId: row.user_id, sessionId: row.session_id } : null;
  });
}
