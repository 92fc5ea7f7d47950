/**
 * Access tokens (short-lived HS256 JWTs) and opaque refresh tokens. The access token names
 * its session, and every check reads that session, so logout everywhere takes effect at once.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { createSigner, createVerifier } from 'fast-jwt';
import { NumericError, TokenMessage } from '../../src/contract/index.ts';
import { AppError } from '../errors.ts';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/** Claims of an access token. */
export interface AccessClaims {
  userId: number;
  sessionId: number;
}

/** Issues and checks access tokens for one secret; built once, since every request verifies one. */
export function createAccessTokens(secret: Uint8Array, ttlSeconds: number) {
  const key = Buffer.from(secret);
  // Timestamps are set from the server's clock (tests step it), not by the library.
  const sign = createSigner({ key, algorithm: 'HS256', noTimestamp: true });
  // Expiry is checked below against the same clock, so the library must not check it itself.
  const decode = createVerifier({ key, algorithms: ['HS256'], ignoreExpiration: true });
  // Claims of tokens whose signature checked, by their text: the library's own cache hashed
  // every token with SHA-256 to key it, a Map of the text costs nothing. Revocation is read
  // from the session row on every call and expiry checked on every call, so the cache holds
  // only what a token's text alone proves (docs/decisions/0029).
  const verified = new Map<string, { sub?: unknown; sid?: unknown; exp?: unknown }>();
  const VERIFIED_MAX = 10_000;

  return {
    /** Signs an access token for a session. */
    sign(claims: AccessClaims, nowMs: number): string {
      const iat = Math.floor(nowMs / 1000);
      return sign({ sub: String(claims.userId), sid: claims.sessionId, iat, exp: iat + ttlSeconds });
    },
    /** Verifies an access token; an expired one answers 'jwt deprecated' so the client renews. */
    verify(token: string, nowMs: number): AccessClaims {
      let payload = verified.get(token);
      if (!payload) {
        try {
          payload = decode(token) as NonNullable<typeof payload>;
        } catch {
          throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.INVALID);
        }
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, payload);
      }
      const userId = Number(payload.sub);
      const sessionId = Number(payload.sid);
      if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(sessionId) || typeof payload.exp !== 'number') {
        throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.INVALID);
      }
      if (payload.exp * 1000 <= nowMs) throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.EXPIRED);
      return { userId, sessionId };
    },
  };
}

/** The access-token service the server uses. */
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** A fresh opaque token (refresh, connect, device). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Refresh tokens are stored hashed: a stolen database does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const SCRYPT = { r: 8, p: 1 };

/**
 * Hashes a password with scrypt (cost N: config.passwordCost) and a random salt. The cost is
 * written into the hash, so a hash made at one cost verifies after the server's cost changed.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { ...SCRYPT, N: cost });
  return `scrypt$${cost}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against its stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { ...SCRYPT, N: Number(n) });
  return timingSafeEqual(actual, expected);
}
