/**
 * Two (or more) real server processes on one database and one Redis, as `npm run cluster`
 * runs them: each is `node sim-server/main.ts` on its own port, so a test can SIGKILL one.
 * They need TEST_DATABASE_URL (PostgreSQL) and REDIS_URL; without either the tests skip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dropDatabase } from '../../sim-server/db/postgres.ts';
import { createClient } from './harness.ts';

/** Whether the two-process tests can run here. */
export const clusterReady = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);

/** One running server process. */
export interface Node {
  url: string;
  child: ChildProcess;
  /** Settles when the process has exited. */
  exited: Promise<void>;
  kill(signal?: NodeJS.Signals): void;
  /** What the process wrote so far (its log), for a failing test to show. */
  log(): string;
}

/**
 * A throwaway PostgreSQL database for one test file, made from TEST_DATABASE_URL (its role may
 * create databases: scripts/postgres-local.sh); `drop` removes it.
 */
export async function throwawayDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `arena_cluster_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(run, name) };
}

/** Processes sharing one database, one Redis (under a prefix of their own) and one token key. */
export function createCluster(databaseUrl: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'arena-cluster-'));
  // The processes sign each other's tokens: one key, as JWT_SECRET gives machines apart.
  writeFileSync(join(dataDir, 'jwt.secret'), randomBytes(32).toString('hex'));
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  const nodes: Node[] = [];

  /** Starts process `name`; `own` is what only this process sees differently (its own REDIS_URL, say). */
  async function start(name: string, own: Record<string, string> = {}): Promise<Node> {
    const child = spawn(process.execPath, ['sim-server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        // Each process its own folder (as on its own machine); the database and key are shared.
        DATA_DIR: mkdtempSync(join(dataDir, `${name}-`)),
        JWT_SECRET: readFileSync(join(dataDir, 'jwt.secret'), 'utf8'),
        DATABASE_URL: databaseUrl,
        REDIS_URL: process.env.REDIS_URL!,
        REDIS_PREFIX: prefix,
        STATIC_DIR: '/nonexistent',
        RATE_LIMIT_MAX: '0',
        START_GRANT_WINDOW: '0',
        PASSWORD_COST: '1024',
        CONNECT_LIMIT_IP: '0',
        CONNECT_LIMIT_NAME: '0',
        CONNECT_LOCK_AFTER: '0',
        CONNECT_CAPTCHA_AFTER: '0',
        ADDRESS_CHECKS: '0',
        SOCKETS_PER_IP: '0',
        CHAT_ACCOUNTS_PER_IP: '0',
        SERVER_ID: name,
        ...env,
        ...own,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The server logs (warnings up) to stdout, crashes go to stderr: both, in the order they came.
    let log = '';
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        log += chunk.toString();
      });
    }
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /LISTENING (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`server ${name} exited early with ${code}: ${log}`)));
    });
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    const node: Node = { url: `http://127.0.0.1:${port}`, child, exited, kill: (signal = 'SIGKILL') => void child.kill(signal), log: () => log };
    nodes.push(node);
    return node;
  }

  return {
    start,
    /** A client of process `node` carrying another client's cookies (the same browser, another process). */
    sameBrowser(from: ReturnType<typeof createClient>, node: Node) {
      const client = createClient(node.url);
      for (const [name, cookie] of from.jar) client.jar.set(name, { ...cookie });
      return client;
    },
    async stop() {
      for (const node of nodes) node.kill('SIGTERM');
      await Promise.all(nodes.map((n) => n.exited));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` holds, polling every 20 ms for up to `ms`; answers how long it took. */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition'): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`${what} not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

/** A client of `node`, signed in as the player `name` (created on first sign-in). */
export async function signedIn(node: Node, name: string) {
  const client = createClient(node.url);
  const answer = await client.signIn(name, 'secret-pass');
  if (!('response' in answer)) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  return client;
}
