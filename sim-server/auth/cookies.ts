/**
 * Auth cookies (docs/design.md section 4). access_token and refresh_token are HttpOnly so no
 * script can read them, and SameSite=Strict so another site cannot make a signed-in
 * browser call a money-moving GET. `logged` carries no secret: tabs poll it to notice
 * sign-in and sign-out.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { IssuedTokens } from './sessions.ts';

const YEAR = 365 * 86_400;

const secure = (request: FastifyRequest): boolean => request.protocol === 'https';

/** Sets the cookies of a fresh sign-in or renewal. */
export function setAuthCookies(request: FastifyRequest, reply: FastifyReply, config: Config, tokens: IssuedTokens): void {
  const base = { path: '/', sameSite: 'strict' as const, secure: secure(request) };
  // The access cookie outlives its JWT on purpose: the server then sees an expired token and
  // answers 'jwt deprecated', which tells the client to renew instead of dropping to a visitor.
  reply.setCookie('access_token', tokens.accessToken, { ...base, httpOnly: true, maxAge: config.refreshTtl });
  reply.setCookie('refresh_token', tokens.refreshToken, { ...base, httpOnly: true, maxAge: config.refreshTtl, path: '/api/connect' });
  reply.setCookie('logged', '1', { ...base, sameSite: 'lax', maxAge: config.refreshTtl });
}

/** Clears the auth cookies (logout, or a refresh token that no longer works). */
export function clearAuthCookies(request: FastifyRequest, reply: FastifyReply): void {
  const base = { sameSite: 'strict' as const, secure: secure(request) };
  reply.clearCookie('access_token', { ...base, path: '/' });
  reply.clearCookie('refresh_token', { ...base, path: '/api/connect' });
  reply.clearCookie('logged', { ...base, sameSite: 'lax', path: '/' });
}

/** The browser's device token when it has a well-formed one. */
export function deviceOf(request: FastifyRequest): string | null {
  const existing = request.cookies.device_token;
  return existing && /^[\w-]{16,64}$/.test(existing) ? existing : null;
}

/** Tokens issued during a request not answered yet (asked twice, issued once). */
const issued = new WeakMap<FastifyRequest, string>();

/** The browser's device token, issued once and kept for a year. */
export function ensureDeviceToken(request: FastifyRequest, reply: FastifyReply, make: () => string): string {
  const existing = deviceOf(request) ?? issued.get(request);
  if (existing) return existing;
  const token = make();
  issued.set(request, token);
  reply.setCookie('device_token', token, { path: '/', sameSite: 'lax', secure: secure(request), maxAge: YEAR });
  return token;
}

/** The access token of a request: the cookie, or a Bearer header (scripts, benchmarks). */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  return request.cookies.access_token;
}
