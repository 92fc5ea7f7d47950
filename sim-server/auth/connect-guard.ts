/**
 * Who may try a password now (issue 12): attempts per IP and per name in a window, a name that
 * failed too often locks for a while, and a client that looks automated (failures or sign-ups
 * piling up from its IP or on one name) must first answer a proof-of-work challenge.
 * Counters live in memory: a restart forgives, which is the sim's trade (docs/decisions/0018).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { solvesChallenge } from '../../src/core/proof-of-work.ts';
import type { Config } from '../config.ts';

/** A challenge is valid this long after it was issued. */
const CHALLENGE_TTL_MS = 5 * 60_000;

interface Window {
  count: number;
  endsAt: number;
}

/** What a sign-in attempt may do. */
export type Verdict =
  | { ok: true }
  | { ok: false; kind: 'limited'; retryAfter: number }
  | { ok: false; kind: 'locked'; minutes: number }
  | { ok: false; kind: 'captcha' };

/** Builds the guard over the server's limits and secret. */
export function createConnectGuard(config: Pick<Config, 'connectLimit' | 'jwtSecret' | 'now'>) {
  const limits = config.connectLimit;
  const attempts = new Map<string, Window>();
  const failures = new Map<string, Window>();
  const signups = new Map<string, Window>();
  const locks = new Map<string, number>();
  const spent = new Map<string, number>();
  let nextSweep = 0;

  const sweep = (now: number) => {
    if (now < nextSweep) return;
    for (const map of [attempts, failures, signups]) for (const [k, w] of map) if (w.endsAt <= now) map.delete(k);
    for (const [k, until] of [...locks, ...spent]) {
      if (until > now) continue;
      locks.delete(k);
      spent.delete(k);
    }
    nextSweep = now + limits.windowMs;
  };
  const bump = (map: Map<string, Window>, key: string, now: number): number => {
    let w = map.get(key);
    if (!w || w.endsAt <= now) map.set(key, (w = { count: 0, endsAt: now + limits.windowMs }));
    return (w.count += 1);
  };
  const countOf = (map: Map<string, Window>, key: string, now: number): number => {
    const w = map.get(key);
    return w && w.endsAt > now ? w.count : 0;
  };
  const mac = (body: string) => createHmac('sha256', config.jwtSecret).update(`captcha:${body}`).digest('base64url');

  /** Checks a challenge answer `challenge:nonce`; each challenge counts once. */
  function answered(captcha: unknown, now: number): boolean {
    if (typeof captcha !== 'string' || captcha.length > 200) return false;
    const [expires, random, signature, nonce] = captcha.split(/[.:]/);
    if (!expires || !random || !signature || !nonce || nonce.length > 16) return false;
    const expected = mac(`${expires}.${random}`);
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return false;
    if (Number(expires) <= now || spent.has(random)) return false;
    if (!solvesChallenge(`${expires}.${random}.${signature}`, nonce, limits.captchaBits)) return false;
    spent.set(random, Number(expires));
    return true;
  }

  return {
    /** A fresh challenge and its difficulty. */
    challenge(): { challenge: string; bits: number; expires_in: number } {
      const expires = config.now() + CHALLENGE_TTL_MS;
      const random = randomBytes(12).toString('base64url');
      return { challenge: `${expires}.${random}.${mac(`${expires}.${random}`)}`, bits: limits.captchaBits, expires_in: CHALLENGE_TTL_MS / 1000 };
    },

    /** Counts one attempt and answers whether it may go on. */
    check(ip: string, name: string, captcha: unknown): Verdict {
      const now = config.now();
      sweep(now);
      const key = name.toLowerCase();
      const lockedUntil = locks.get(key) ?? 0;
      if (lockedUntil > now) return { ok: false, kind: 'locked', minutes: Math.ceil((lockedUntil - now) / 60_000) };
      if (limits.perIp > 0) {
        const n = bump(attempts, `ip:${ip}`, now);
        if (n > limits.perIp) return { ok: false, kind: 'limited', retryAfter: Math.ceil((attempts.get(`ip:${ip}`)!.endsAt - now) / 1000) };
      }
      if (limits.perName > 0) {
        const n = bump(attempts, `name:${key}`, now);
        if (n > limits.perName) return { ok: false, kind: 'limited', retryAfter: Math.ceil((attempts.get(`name:${key}`)!.endsAt - now) / 1000) };
      }
      if (limits.captchaAfter > 0) {
        const suspicious = Math.max(countOf(failures, `ip:${ip}`, now), countOf(failures, `name:${key}`, now), countOf(signups, ip, now)) >= limits.captchaAfter;
        if (suspicious && !answered(captcha, now)) return { ok: false, kind: 'captcha' };
      }
      return { ok: true };
    },

    /** A wrong password: counts toward the captcha and the name's lock. */
    failed(ip: string, name: string): void {
      const now = config.now();
      const key = name.toLowerCase();
      bump(failures, `ip:${ip}`, now);
      const n = bump(failures, `name:${key}`, now);
      if (limits.lockAfter > 0 && n >= limits.lockAfter) {
        locks.set(key, now + limits.lockMs);
        failures.delete(`name:${key}`);
      }
    },

    /** A new account from an IP: many of them in a window look like a script. */
    signedUp(ip: string): void {
      bump(signups, ip, config.now());
    },
  };
}

/** The guard the connect routes use. */
export type ConnectGuard = ReturnType<typeof createConnectGuard>;
