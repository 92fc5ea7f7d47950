/**
 * Starts the real sim-server in-process on port 0 and gives tests a browser-like client:
 * a cookie jar that honours cookie paths, the RPC envelope, and a socket that waits for frames.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { encodeQuery, type QueryValue } from '../../src/contract/index.ts';
import { buildApp } from '../../sim-server/app.ts';
import type { Config } from '../../sim-server/config.ts';
import { databaseFor } from './test-db.ts';

/** Each running server's sim operator key, read from its DATA_DIR as the operator would. */
const operatorKeys = new Map<string, string>();

/** The headers that make a request the sim operator's (the key printed at start). */
export function operatorHeaders(client: { base: string }): Record<string, string> {
  const key = operatorKeys.get(client.base);
  if (!key) throw new Error(`no server at ${client.base}`);
  return { 'x-sim-key': key };
}

/** The warnings and errors this file's servers logged since the last take (the newest 200). */
const serverLog: string[] = [];
const serverLogStream = {
  write(line: string) {
    serverLog.push(line);
    if (serverLog.length > 200) serverLog.shift();
  },
};

/** Empties the servers' log and answers what it held (setup.ts prints it for a failed test). */
export function takeServerLog(): string[] {
  return serverLog.splice(0);
}

/** Sign-in limits that never limit. */
export const CONNECT_UNLIMITED: Config['connectLimit'] = { perIp: 0, perName: 0, windowMs: 60_000, lockAfter: 0, lockMs: 60_000, captchaAfter: 0, captchaBits: 8 };

/** The limits by address (docs/decisions/0048) off. */
export const ADDRESS_UNLIMITED: Pick<Config, 'addressChecks' | 'socketsPerIp' | 'chatAccountsPerIp'> = {
  addressChecks: false,
  socketsPerIp: 0,
  chatAccountsPerIp: { max: 0, windowMs: 60_000 },
};

/** scrypt's cost for the suites' passwords: about 2 ms of a core a hash, where the default takes 35. */
export const TEST_PASSWORD_COST = 1024;

/** A running server for one test file. */
export type TestServer = Awaited<ReturnType<typeof startServer>>;

/**
 * Starts a server on a fresh database in a temp folder (or the given one); with
 * TEST_DATABASE_URL, on a fresh PostgreSQL database that belongs to the folder (test-db.ts).
 */
export async function startServer(overrides: Partial<Config> = {}) {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'arena-test-'));
  const database = overrides.databaseUrl === undefined ? await databaseFor(dataDir) : undefined;
  // Like the request limit, sign-in limits, the starting-balance window and the limits by address
  // (docs/decisions/0048) are off unless a test turns them on: test files sign dozens of players
  // in from one address. Passwords hash at a lower scrypt cost (config.passwordCost): the
  // suite signs up about a thousand players, 35 ms of a core each at the default.
  // Alone unless SUITE_REDIS_URL runs the suite through Redis (REDIS_URL is for the two-process tests).
  // Through Redis each site (its folder) has its own prefix, as REDIS_PREFIX gives sites sharing
  // one Redis: test files running side by side must not share rooms, counts or revocations,
  // while a server started again on the same folder (a restart) finds its rooms there.
  const redisUrl = process.env.SUITE_REDIS_URL || null;
  const redisPrefix = `suite-${basename(dataDir)}:`;
  const built = await buildApp(
    { staticDir: '/nonexistent', rateLimit: { max: 0, windowMs: 60_000 }, connectLimit: CONNECT_UNLIMITED, startGrantWindowMs: 0, passwordCost: TEST_PASSWORD_COST, ...ADDRESS_UNLIMITED, redisUrl, redisPrefix, ...overrides, dataDir, databaseUrl: overrides.databaseUrl ?? database?.url },
    { logger: serverLogStream },
  );
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  operatorKeys.set(url, readFileSync(join(dataDir, 'sim-operator.key'), 'utf8').trim());
  return {
    url,
    services: built.services,
    client: (origin?: ClientOrigin) => createClient(url, origin),
    /** Signs a new player in (creating the account) and answers their client. */
    player: async (name: string, password = 'secret-pass', origin?: ClientOrigin) => {
      const client = createClient(url, origin);
      const answer = await client.signIn(name, password);
      if (!('response' in answer)) throw new Error(`sign-in of ${name} failed: ${JSON.stringify(answer)}`);
      return client;
    },
    close: async () => {
      await built.close();
      if (!overrides.dataDir) {
        database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * For one describe block on PostgreSQL: a server, and a connection of the test's own to the
 * same database beside it, to hold a row lock or plant a fault the server's calls then meet.
 * `server` and `side` are there from the block's beforeAll on; `cleanUp` runs on the side
 * connection before it closes (a trigger dropped, for example).
 */
export function serverWithSideConnection(overrides: Partial<Config> = {}, cleanUp?: (side: Client) => Promise<unknown>) {
  const handle = {} as { server: TestServer; side: Client };
  beforeAll(async () => {
    handle.server = await startServer(overrides);
    handle.side = new Client({ connectionString: handle.server.services.config.databaseUrl! });
    await handle.side.connect();
  });
  afterAll(async () => {
    if (handle.side && cleanUp) await cleanUp(handle.side).catch(() => undefined);
    await handle.side?.end();
    await handle.server?.close();
  });
  return handle;
}

/**
 * A proof-of-work nonce that does not solve (`solves` says which do): made-up nonces solve a
 * random challenge by chance, one in 2^bits, so the first that does not is taken.
 */
export function wrongNonce(solves: (nonce: string) => boolean): string {
  let nonce = 0;
  while (solves(String(nonce))) nonce += 1;
  return String(nonce);
}

/** An answer envelope as JSON. */
export type Answer = { response?: unknown; error?: { error_code: number | string; error_msg: string } } & Record<string, unknown>;

/**
 * Where a client is: its address, sent as X-Forwarded-For on every request (a server started
 * with trustProxy takes it as the client's IP), and its device, another client's device token
 * (the same browser under another account).
 */
export interface ClientOrigin {
  ip?: string;
  device?: string;
}

/** An HTTP client with a cookie jar, like one browser profile. */
export function createClient(base: string, origin: ClientOrigin = {}) {
  const jar = new Map<string, { value: string; path: string }>();
  if (origin.device) jar.set('device_token', { value: origin.device, path: '/' });

  const cookieHeader = (path: string) =>
    [...jar].filter(([, c]) => path.startsWith(c.path)).map(([name, c]) => `${name}=${c.value}`).join('; ');

  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = decodeURIComponent(pair!.slice(eq + 1));
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const expires = attr('expires');
      const gone = attr('max-age') === '0' || (expires !== undefined && Date.parse(expires) <= Date.now()) || value === '';
      if (gone) jar.delete(name);
      else jar.set(name, { value, path: attr('path') ?? '/' });
    }
  };

  async function request(path: string, init: RequestInit = {}): Promise<{ status: number; body: Answer; response: Response }> {
    const headers = new Headers(init.headers);
    if (origin.ip && !headers.has('x-forwarded-for')) headers.set('x-forwarded-for', origin.ip);
    const cookie = cookieHeader(path.split('?')[0]!);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(base + path, { ...init, headers, redirect: 'manual' });
    remember(response);
    const text = await response.text();
    let body: Answer;
    try {
      body = JSON.parse(text) as Answer;
    } catch {
      body = { text } as Answer;
    }
    return { status: response.status, body, response };
  }

  const postJson = (path: string, payload: unknown) =>
    request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });

  return {
    base,
    jar,
    request,
    /** GET /api/method/{method}?params; answers the envelope. */
    call: async (method: string, params: Record<string, QueryValue> = {}) => {
      const query = encodeQuery(params);
      return (await request(`/api/method/${method}${query ? `?${query}` : ''}`)).body;
    },
    /** POST /api/method/{method} with a JSON body. */
    post: async (method: string, params: unknown) => (await postJson(`/api/method/${method}`, params)).body,
    signIn: async (username: string, password: string) => (await postJson('/api/connect', { username, password })).body,
    renew: async () => (await postJson('/api/connect/renew', {})).body,
    logout: async (all = false) => (await postJson('/api/connect/logout', { all })).body,
    /** Opens a socket authenticated as this client's player. */
    socket: async () => {
      const answer = await (await request('/api/method/connect.getSocketServer')).body;
      const token = (answer.response as { connect_token: string }).connect_token;
      const socket = await openSocket(base, origin.ip);
      socket.send('auth', { token });
      await socket.next('AUTHED');
      return socket;
    },
  };
}

/** A server frame as received. */
export interface Frame {
  type: string;
  data: Record<string, unknown>;
  room?: string;
  offset?: number;
}

/** Node's WebSocket (undici's) also takes request headers, which the browser's typing does not know. */
const NodeWebSocket = WebSocket as unknown as new (url: string, init?: { headers: Record<string, string> }) => WebSocket;

/**
 * Opens a raw socket to the server (from `ip`, as X-Forwarded-For, when given); `next` waits for
 * the next unread frame of a type.
 */
export async function openSocket(base: string, ip?: string) {
  const ws = new NodeWebSocket(`${base.replace(/^http/, 'ws')}/ws`, ip ? { headers: { 'x-forwarded-for': ip } } : undefined);
  const frames: Frame[] = [];
  let read = 0;
  const waiters = new Set<() => void>();
  let closedWith: number | null = null;
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (event) => resolve(closedWith = event.code), { once: true }));
  ws.addEventListener('message', (event) => {
    frames.push(JSON.parse(String(event.data)) as Frame);
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('socket failed to open')), { once: true });
  });

  /** The next unread frame of `type` (frames before it are passed over), within `ms`. */
  function next(type: string, ms = 3000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const look = () => {
        for (let i = read; i < frames.length; i++) {
          if (frames[i]!.type === type) {
            read = i + 1;
            waiters.delete(look);
            clearTimeout(timer);
            resolve(frames[i]!);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        const got = frames.slice(read).map((f) => f.type).join(', ') || 'nothing';
        reject(new Error(`no ${type} within ${ms} ms; got ${got}${closedWith === null ? '' : `; the socket closed (${closedWith})`}`));
      }, ms);
      waiters.add(look);
      look();
    });
  }

  return {
    frames,
    next,
    send: (type: string, data?: unknown) => ws.send(JSON.stringify(data === undefined ? { type } : { type, data })),
    sendRaw: (text: string) => ws.send(text),
    close: () => ws.close(),
    /** Settles with the close code once the socket has closed, from either side. */
    closed,
  };
}
