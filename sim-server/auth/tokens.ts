/**
 * Access tokens (short-lived HS256 JWTs) and opaque refresh tokens. The access token names
 * its session, and every check reads that session, so logout everywhere takes effect at once.
 */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { NumericError, TokenMessage } from '../../src/contract/index.ts';
import { AppError } from '../errors.ts';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/** Claims of an access token. */
export interface AccessClaims {
  userId: number;
  sessionId: number;
}

/** Signs an access token for a session. */
export async function signAccessToken(claims: AccessClaims, secret: Uint8Array, ttlSeconds: number, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

/** Verifies an access token; an expired one answers 'jwt deprecated' so the client renews. */
export async function verifyAccessToken(token: string, secret: Uint8Array, nowMs: number): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(nowMs) });
    const userId = Number(payload.sub);
    const sessionId = Number(payload.sid);
    if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(sessionId)) throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.INVALID);
    return { userId, sessionId };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.EXPIRED);
    throw new AppError(NumericError.ACCESS_DENIED, TokenMessage.INVALID);
  }
}

/** A fresh opaque token (refresh, connect, device). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Refresh tokens are stored hashed: a stolen database does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const SCRYPT = { N: 16384, r: 8, p: 1 };

/** Hashes a password with scrypt and a random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against its stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { ...SCRYPT, N: Number(n) });
  return timingSafeEqual(actual, expected);
}
