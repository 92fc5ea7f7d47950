/**
 * Server configuration from the environment; tests and benchmarks pass overrides to
 * buildApp instead. Every knob has a default that makes `npm start` work with nothing set.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Everything buildApp needs to know. */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database and the token secret; ':memory:' keeps nothing. */
  dataDir: string;
  /** Serves the sim-only surfaces (login provider, payment console, beacon page). */
  simMode: boolean;
  /** Starting balance of a new account in cents, paid by the house faucet. */
  startBalance: number;
  /** Access-token life in seconds. */
  accessTtl: number;
  /** Refresh-token (session) life in seconds. */
  refreshTtl: number;
  /** Requests per window per user (or per IP for guests); 0 turns limiting off. */
  rateLimit: { max: number; windowMs: number };
  /** SQLite synchronous mode: NORMAL loses nothing on a process crash. */
  durability: 'NORMAL' | 'FULL';
  /** The built client, served at /. */
  staticDir: string;
  serverId: string;
  /** HMAC key of the access tokens; read from DATA_DIR so restarts keep sessions. */
  jwtSecret: Uint8Array;
  /** Trust X-Forwarded-* (behind a proxy): decides Secure cookies and client IPs. */
  trustProxy: boolean;
  /** Client version reported by the manifest. */
  version: string;
  /** Check each response against its contract schema (catches server bugs early). */
  checkOutputs: boolean;
  /** Count experience, race points and play stats from wagers; 0 only for the benchmark's baseline. */
  countProgression: boolean;
  /** Milliseconds since the epoch; tests inject a clock they can step. */
  now: () => number;
}

const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`expected a whole number, got ${value}`);
  return n;
};

/** A secret kept beside the database so tokens survive restarts. */
function loadSecret(dataDir: string): Uint8Array {
  if (dataDir === ':memory:') return randomBytes(32);
  const file = join(dataDir, 'jwt.secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

/** Builds a configuration from defaults, the environment and explicit overrides. */
export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = overrides.dataDir ?? (env.DATA_DIR ? resolve(env.DATA_DIR) : resolve('.data'));
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    simMode: env.SIM_MODE !== '0',
    startBalance: int(env.SIM_START_BALANCE, 100_000),
    accessTtl: int(env.ACCESS_TTL, 900),
    refreshTtl: int(env.REFRESH_TTL, 30 * 86_400),
    rateLimit: { max: int(env.RATE_LIMIT_MAX, 1200), windowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000) },
    durability: env.DB_SYNC === 'FULL' ? 'FULL' : 'NORMAL',
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    serverId: env.SERVER_ID ?? `sim-${process.pid}`,
    jwtSecret: overrides.jwtSecret ?? loadSecret(dataDir),
    trustProxy: env.TRUST_PROXY === '1',
    version: '5.4',
    checkOutputs: env.CHECK_OUTPUTS !== '0',
    countProgression: env.COUNT_PROGRESSION !== '0',
    now: Date.now,
    ...overrides,
  };
}
