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
  /**
   * A postgres:// address (DATABASE_URL): the same schema on PostgreSQL, shared by several
   * server processes (docs/design.md section 10). Unset, the embedded SQLite file in dataDir.
   */
  databaseUrl?: string;
  /**
   * PostgreSQL: connections in the process's pool (DATABASE_POOL_SIZE), and how long a call
   * waits for a free one before it answers an error (DATABASE_POOL_WAIT_MS; docs/decisions/0057).
   */
  databasePool: { size: number; waitMs: number };
  /**
   * Rows per house account (LEDGER_SHARDS; docs/decisions/0058): 8 on PostgreSQL, 1 on SQLite
   * when unset. Lowering it on a database that used more leaves the rows beyond it summed by
   * nothing: set it once.
   */
  ledgerShards?: number;
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
  /**
   * Check answers against their contract schemas (catches server bugs early): 0 never, 1 every
   * answer (tests, development), N each method's first answer and then one in N (production's
   * default, 100: the check costs as much as the rest of a read; docs/decisions/0029).
   */
  checkOutputs: number;
  /** Count experience, race points and play stats from wagers; 0 only for the benchmark's baseline. */
  countProgression: boolean;
  /**
   * The simulated population (docs/decisions/0051): players, activity multiplier, seed. Sim mode
   * only; 0 players unless SIM_POPULATION says (`npm start` asks for a few dozen).
   */
  population: { size: number; activity: number; seed: number };
  /**
   * Whether rains and split-or-steal games open on their own schedule (SIM_SCHEDULES, default
   * on). The browser tests turn it off: a long run would pass the half hour and find a rain the
   * schedule opened where it starts its own from the console.
   */
  eventSchedules: boolean;
  /** Milliseconds since the epoch; tests inject a clock they can step. */
  now: () => number;
  /**
   * The sim console's operator key (docs/decisions/0018): read from DATA_DIR/sim-operator.key,
   * printed on the server's console at start, asked of every /api/sim console call.
   */
  simOperatorKey: string;
  /** Serve the sim console to other machines than this one (SIM_OPEN=1); off, it answers loopback only. */
  simOpen: boolean;
  /** Sign-in limits of POST /api/connect: attempts per IP and per name per window, failures before a name locks. */
  connectLimit: { perIp: number; perName: number; windowMs: number; lockAfter: number; lockMs: number; captchaAfter: number; captchaBits: number };
  /** A starting balance is paid once per IP and per device in this window (ms); 0 pays every new account. */
  startGrantWindowMs: number;
  /**
   * scrypt's cost N for new password hashes (PASSWORD_COST, a power of two, default 16384:
   * about 35 ms of a core per hash). The test suites sign up thousands of players and ask for
   * a lower one; what they check, a password hashed and verified, does not depend on it.
   */
  passwordCost: number;
  /**
   * The rules by address of docs/decisions/0048: one rain join per IP address per rain, and no
   * referral code applied from an address its owner signed in from (the same rules by device
   * apply regardless). Off (ADDRESS_CHECKS=0) only where every player shares one address: the
   * tests, the e2e and chaos runs, a sim played in several browsers of one machine.
   */
  addressChecks: boolean;
  /** Open sockets per IP address, signed in or out (SOCKETS_PER_IP); past it TOO_MANY_SOCKETS. 0 turns it off. */
  socketsPerIp: number;
  /** Distinct accounts posting to the chat from one IP address in the window (CHAT_ACCOUNTS_PER_IP); 0 turns it off. */
  chatAccountsPerIp: { max: number; windowMs: number };
  /** Withdrawals above this many cents need basic verification (BASIC_VERIFY_REQUIRED); 0 never asks. */
  basicVerifyAbove: number;
  /** Redis shared by several server processes (REDIS_URL; docs/decisions/0031); null runs alone. */
  redisUrl: string | null;
  /** Prefix of every Redis key and channel (REDIS_PREFIX), so one Redis can serve several sites or test runs. */
  redisPrefix: string;
  /** Room events waiting for Redis at most (REDIS_QUEUE_MAX; docs/decisions/0039): past it they are dropped and their rooms resync. */
  redisQueueMax: number;
}

const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`expected a whole number, got ${value}`);
  return n;
};

/** scrypt's N: a power of two from 2 to 2^20 (above that scrypt needs more memory than Node allows it). */
const powerOfTwo = (n: number): number => {
  if (n < 2 || n > 2 ** 20 || (n & (n - 1)) !== 0) throw new Error(`expected a power of two from 2 to 1048576, got ${n}`);
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

/** The operator key of the sim console, kept beside the database so restarts keep it. */
function loadOperatorKey(dataDir: string): string {
  if (dataDir === ':memory:') return randomBytes(18).toString('base64url');
  const file = join(dataDir, 'sim-operator.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(18).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Builds a configuration from defaults, the environment and explicit overrides. */
export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = overrides.dataDir ?? (env.DATA_DIR ? resolve(env.DATA_DIR) : resolve('.data'));
  const simMode = env.SIM_MODE !== '0';
  return {
    port: int(env.PORT, 8080),
    // The sim's login provider and console are for this machine: sim mode listens on loopback
    // unless HOST names another address on purpose.
    host: env.HOST ?? (simMode ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    simMode,
    startBalance: int(env.SIM_START_BALANCE, 100_000),
    accessTtl: int(env.ACCESS_TTL, 900),
    refreshTtl: int(env.REFRESH_TTL, 30 * 86_400),
    rateLimit: { max: int(env.RATE_LIMIT_MAX, 1200), windowMs: int(env.RATE_LIMIT_WINDOW_MS, 60_000) },
    databaseUrl: env.DATABASE_URL || undefined,
    databasePool: { size: Math.max(2, int(env.DATABASE_POOL_SIZE, 10)), waitMs: int(env.DATABASE_POOL_WAIT_MS, 25_000) },
    ledgerShards: env.LEDGER_SHARDS ? Math.max(1, int(env.LEDGER_SHARDS, 1)) : undefined,
    durability: env.DB_SYNC === 'FULL' ? 'FULL' : 'NORMAL',
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    serverId: env.SERVER_ID ?? `sim-${process.pid}`,
    // Processes on several machines share the key through JWT_SECRET (hex) instead of DATA_DIR.
    jwtSecret: overrides.jwtSecret ?? (env.JWT_SECRET ? Buffer.from(env.JWT_SECRET, 'hex') : loadSecret(dataDir)),
    trustProxy: env.TRUST_PROXY === '1',
    version: '5.4',
    checkOutputs: int(env.CHECK_OUTPUTS, env.NODE_ENV === 'production' ? 100 : 1),
    countProgression: env.COUNT_PROGRESSION !== '0',
    eventSchedules: env.SIM_SCHEDULES !== '0',
    population: {
      size: simMode ? Math.min(int(env.SIM_POPULATION, 0), 2_000) : 0,
      activity: Math.min(Math.max(Number(env.SIM_ACTIVITY ?? 1) || 1, 0.01), 20),
      seed: int(env.SIM_SEED, 1),
    },
    now: Date.now,
    simOperatorKey: overrides.simOperatorKey ?? loadOperatorKey(dataDir),
    simOpen: env.SIM_OPEN === '1',
    connectLimit: {
      perIp: int(env.CONNECT_LIMIT_IP, 30),
      perName: int(env.CONNECT_LIMIT_NAME, 10),
      windowMs: 10 * 60_000,
      lockAfter: int(env.CONNECT_LOCK_AFTER, 8),
      lockMs: 15 * 60_000,
      captchaAfter: int(env.CONNECT_CAPTCHA_AFTER, 3),
      captchaBits: int(env.CAPTCHA_BITS, 16),
    },
    startGrantWindowMs: int(env.START_GRANT_WINDOW, 86_400) * 1000,
    passwordCost: powerOfTwo(int(env.PASSWORD_COST, 16_384)),
    addressChecks: env.ADDRESS_CHECKS !== '0',
    // A browser holds one socket per tab: 50 is a household's tabs, not a script's thousand.
    socketsPerIp: int(env.SOCKETS_PER_IP, 50),
    chatAccountsPerIp: { max: int(env.CHAT_ACCOUNTS_PER_IP, 3), windowMs: 60_000 },
    basicVerifyAbove: int(env.BASIC_VERIFY_ABOVE, 50_000),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX ?? 'arena:',
    redisQueueMax: int(env.REDIS_QUEUE_MAX, 10_000),
    ...overrides,
  };
}
