/**
 * The chaos run (issue 12): a seeded random mix of sign-ins, vault moves, case openings,
 * instant sells, tips between the clients, battles against bots and battles created and left
 * (refunded seats, docs/decisions/0049) from many concurrent
 * clients against a real sim-server child process, which is SIGKILLed and restarted at seeded
 * points. After each kill and at the end the database is opened and checked: the ledger
 * balances (with its locked-parts invariant), and every operation a client saw acknowledged (a stamped money call that
 * answered `response`) is there with the answer it gave. At the end every battle created is
 * waited for and checked paid exactly once (one reward entry per winning seat, the stored
 * shares, items granted once).
 *
 * Each client also sets up 2FA (TOTP, as an authenticator app computes it) and makes crypto
 * withdrawals with stamps: each acknowledged one must be one payment and one ledger debit after
 * every restart, each refused one (a bad address, more than the balance) must leave no stamp,
 * and the payments must number the stamped withdrawal calls. One client in four keeps a
 * socket in its personal room, drops it now and then for a few operations and rejoins with
 * its last offset: the offsets it sees must be contiguous (replay covers the drop). A SIGKILL
 * loses the hub's in-memory rooms, so after a restart the check is the hub's promise for a
 * room it does not have: the rejoin with the old offset answers ROOM_RESYNC.
 *
 *   node scripts/chaos.ts [--ops 100000] [--clients 200] [--kills 5] [--seed 1]
 *   npm run chaos          the full run;  npm run chaos -- --ops 3000 --clients 20 --kills 2  a short one
 *   CHAOS_DATABASE_URL=postgres://arena:arena@127.0.0.1:5432/arena npm run chaos:ci
 *                          the same on PostgreSQL (a fresh database made from that address's role,
 *                          dropped after): SIGKILLs in the middle of concurrent commits
 *
 * It prints one line of figures and exits 1 when a check fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HOTP, Secret } from 'otpauth';
import { WebSocket } from 'ws';
import { randomInt, seededRandom, type RandomSource } from '../src/core/seeded-random.ts';
import { openDb, type Db } from '../sim-server/db/database.ts';
import { dropDatabase, openPostgres } from '../sim-server/db/postgres.ts';
import { createLedger } from '../sim-server/db/ledger.ts';
import { createClient } from '../tests/server/harness.ts';

const { values } = parseArgs({
  options: { ops: { type: 'string', default: '100000' }, clients: { type: 'string', default: '200' }, kills: { type: 'string', default: '5' }, seed: { type: 'string', default: '1' } },
});
const OPS = Number(values.ops);
const CLIENTS = Number(values.clients);
const KILLS = Number(values.kills);
const SEED = Number(values.seed);

const dataDir = mkdtempSync(join(tmpdir(), 'arena-chaos-'));
// On PostgreSQL (CHAOS_DATABASE_URL) the run has a database of its own; else the embedded file.
const adminUrl = process.env.CHAOS_DATABASE_URL;
const databaseUrl = adminUrl ? await freshDatabase(adminUrl) : undefined;
const openRunDb = (): Promise<Db> => openDb({ path: join(dataDir, 'arena.db'), url: databaseUrl });

/** A new database beside the one `url` names (its role may create databases); answers its address. */
async function freshDatabase(url: string): Promise<string> {
  const admin = await openPostgres({ url, migrate: false });
  const name = `arena_chaos_${randomBytes(4).toString('hex')}`;
  try {
    await admin.run(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}
const random: RandomSource = seededRandom(SEED);
// Kill points: seeded operation counts spread over the run.
const killAt = new Set(Array.from({ length: KILLS }, () => randomInt(random, Math.floor(OPS * 0.1), Math.floor(OPS * 0.9))));

let child: ChildProcess | null = null;
let base = '';
let serverUp: Promise<void> = Promise.resolve();

/** Starts the server on the run's data folder; resolves once it prints its port. */
function startServer(): Promise<void> {
  const proc = spawn(process.execPath, ['sim-server/main.ts'], {
    env: {
      ...process.env, DATABASE_URL: databaseUrl ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'no-client'), RATE_LIMIT_MAX: '0',
      CONNECT_LIMIT_IP: '0', CONNECT_LIMIT_NAME: '0', CONNECT_LOCK_AFTER: '0', CONNECT_CAPTCHA_AFTER: '0', START_GRANT_WINDOW: '0', PASSWORD_COST: '1024', CHECK_OUTPUTS: '0',
      // Every client is on loopback: a quarter of 200 keep sockets, right at SOCKETS_PER_IP's 50.
      ADDRESS_CHECKS: '0', SOCKETS_PER_IP: '0', CHAT_ACCOUNTS_PER_IP: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port && !base.endsWith(`:${port}`)) {
        base = `http://127.0.0.1:${port}`;
        resolve();
      }
    });
    proc.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

/** Kills the server at once, as a crash would. */
async function killServer(signal: NodeJS.Signals): Promise<void> {
  const proc = child;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill(signal);
  await exited;
}

interface Acked {
  user: string;
  stamp: string;
  method: string;
  response: string;
}
const acked: Acked[] = [];
/** Withdrawal stamps the server refused with an answer (not cut): each must have left nothing behind. */
const refusedWithdrawals: { user: string; stamp: string }[] = [];
let withdrawalsAcked = 0;
const refusedWhy = new Map<string, number>();
let failures = 0;
let done = 0;

/** Opens the database while no server runs and checks the ledger and every acknowledged operation. */
async function checkDatabase(): Promise<{ ledgerOk: boolean; missing: number }> {
  const db = await openRunDb();
  try {
    const check = await createLedger({ now: Date.now }).check(db);
    let missing = 0;
    for (const op of acked) {
      const row = await db.get<{ method: string; response: string }>(
        'SELECT i.method, i.response FROM idempotency i JOIN users u ON u.id = i.user_id WHERE u.name = ? AND i.stamp = ?', op.user, op.stamp,
      );
      if (!row || row.method !== op.method || row.response !== op.response) missing += 1;
      if (op.method === 'wallet.cryptoWithdraw' && row && !(await withdrawnOnce(db, op))) {
        badWithdrawals += 1;
        console.error(`withdrawal ${op.user}/${op.stamp} not present exactly once`);
      }
    }
    for (const op of refusedWithdrawals) {
      if (await db.get('SELECT 1 FROM idempotency i JOIN users u ON u.id = i.user_id WHERE u.name = ? AND i.stamp = ?', op.user, op.stamp)) {
        badWithdrawals += 1;
        console.error(`refused withdrawal ${op.user}/${op.stamp} left a stamp behind`);
      }
    }
    // Every withdrawal in the database came from a stamped call (the chaos clients stamp each one) that answered it.
    const stamped = (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM idempotency WHERE method = 'wallet.cryptoWithdraw'"))!.n;
    const rows = (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM payments WHERE type = 'withdraw'"))!.n;
    if (stamped !== rows) {
      badWithdrawals += 1;
      console.error(`${rows} withdrawals stored for ${stamped} stamped withdrawal calls`);
    }
    if (!check.ok) console.error(check.problems.slice(0, 5).join('\n'));
    return { ledgerOk: check.ok, missing };
  } finally {
    await db.close();
  }
}

/** An acknowledged withdrawal is one payment row of its player and amount, and one wallet_withdraw ledger entry. */
async function withdrawnOnce(db: Db, op: Acked): Promise<boolean> {
  const { payment } = JSON.parse(op.response) as { payment: { hash: string; amount: number } };
  const id = Number(payment.hash.replace(/^SF/, ''));
  const rows = await db.all<{ amount: number; name: string }>(
    "SELECT p.amount, u.name FROM payments p JOIN users u ON u.id = p.user_id WHERE p.id = ? AND p.type = 'withdraw'", id,
  );
  // The player's debit only: once the provider sends it, a second wallet_withdraw moves it from the payouts house out of the world.
  const debits = await db.all<{ amount: number }>(
    "SELECT l.amount FROM ledger l JOIN accounts a ON a.id = l.debit_account JOIN users u ON u.id = a.user_id WHERE l.ref = ? AND l.type = 'wallet_withdraw' AND u.name = ?",
    payment.hash, op.user,
  );
  return rows.length === 1 && rows[0]!.name === op.user && rows[0]!.amount === payment.amount && debits.length === 1 && debits[0]!.amount === payment.amount;
}

/** Battles whose payment differs from their stored outcome: a missing, doubled or extra reward or item grant. */
async function misPaidBattles(): Promise<{ finished: number; unfinished: number; misPaid: number }> {
  const db = await openRunDb();
  try {
    let [finished, unfinished, misPaid] = [0, 0, 0];
    for (const hash of battlesMade) {
      const row = await db.get<{ id: number; state: string; status: string }>('SELECT id, state, status FROM battles WHERE id = ?', Number(hash.replace(/^SF/, '')));
      if (!row || row.status !== 'finished') {
        unfinished += 1;
        const wake = (await db.get<{ wake_at: number | null }>('SELECT wake_at FROM battles WHERE id = ?', row?.id ?? 0))?.wake_at;
        console.error(`battle ${hash} not finished: ${row?.status ?? 'missing'}, wake_at ${wake ?? 'none'} (now ${Date.now()})`);
        continue;
      }
      finished += 1;
      const { outcome, occupants } = JSON.parse(row.state) as {
        outcome: { payout: { kind: 'drops' | 'coins' | 'house'; shares: { seat: number; amount: number }[] } };
        occupants: ({ seat: number; bot: boolean } | null)[];
      };
      const human = new Set(occupants.flatMap((o) => (o && !o.bot ? [o.seat] : [])));
      const owed = outcome.payout.kind === 'coins' ? outcome.payout.shares.filter((s) => human.has(s.seat) && s.amount > 0) : [];
      const rewards = await db.all<{ amount: number }>("SELECT amount FROM ledger WHERE ref = ? AND type = 'arena_reward'", hash);
      const drops = await db.all<{ asset_id: number | null }>('SELECT asset_id FROM battle_drops WHERE battle_id = ?', row.id);
      const itemsOwed = outcome.payout.kind === 'drops' && human.has(outcome.payout.shares[0]?.seat ?? 0);
      const granted = drops.filter((d) => d.asset_id !== null).length;
      const coinsRight = rewards.length === owed.length && rewards.reduce((n, r) => n + r.amount, 0) === owed.reduce((n, s) => n + s.amount, 0);
      const itemsRight = granted === (itemsOwed ? drops.length : 0) && new Set(drops.map((d) => d.asset_id)).size === drops.length;
      if (!coinsRight || (itemsOwed && !itemsRight) || (!itemsOwed && granted > 0)) misPaid += 1;
    }
    return { finished, unfinished, misPaid };
  } finally {
    await db.close();
  }
}

type Client = ReturnType<typeof createClient>;

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
/** The 30-second TOTP step of a moment, and the code an authenticator shows for a step. */
const stepOf = (ms: number) => Math.floor(ms / 30_000);
const codeFor = (secret: string, step: number) => HOTP.generate({ secret: Secret.fromBase32(secret), counter: step });

/**
 * A client's 2FA, set up as a player does with an app. A right code is used once (the server
 * keeps its step) and opens a few minutes' window for the session, so a call answered
 * SECURE_CODE_REQUIRED is retried once with the code of the next unused step (the server
 * forgives one step of drift).
 */
interface Secure {
  secret: string | null;
  enabled: boolean;
  lastStep: number;
}

/** Answers a call, retried once with a fresh code (and a stamp of its own) when the server asks for one. */
async function securedCall(client: Client, secure: Secure, method: string, params: Record<string, string | number>) {
  const first = await client.call(method, params);
  if (first.error?.error_code !== 'SECURE_CODE_REQUIRED' || !secure.secret) return { answer: first, params };
  const step = Math.max(stepOf(Date.now()), secure.lastStep + 1);
  if (step > stepOf(Date.now()) + 1) return { answer: first, params };
  const before = secure.lastStep;
  secure.lastStep = step;
  const retried = { ...params, ...(params.stamp ? { stamp: `${params.stamp}c` } : {}), secure_code: codeFor(secure.secret, step) };
  const answer = await client.call(method, retried);
  // Refused for another reason (not enough funds), the call's transaction rolled the code's use back.
  if (answer.error && answer.error.error_msg !== 'Invalid 2FA code') secure.lastStep = before;
  return { answer, params: retried };
}

/** Figures of the reconnecting sockets. */
const sockets = { connects: 0, events: 0, replayed: 0, resyncs: 0, gaps: 0, restartResyncs: 0, reusedAfterRestart: 0 };

/**
 * A socket kept authenticated in its player's personal room. Offsets it sees must be
 * contiguous: each room event is the last one seen plus one, and a rejoin with the last offset
 * replays exactly what was missed or answers ROOM_RESYNC. A SIGKILL loses the hub's in-memory
 * rooms, so after a restart the hub's promise is only its fresh room's: a join with an offset
 * it has not reached answers ROOM_RESYNC. A rejoin after a restart that answers anything else
 * (the new process already reached that offset, so it replays its own events as the missed ones)
 * is counted as an offset reused across a restart.
 */
class SocketWatch {
  ws: WebSocket | null = null;
  room = '';
  last: number | null = null;
  /** Set when the socket dropped because the server was killed: the next rejoin meets a new process. */
  afterRestart = false;
  /** Operations left before a dropped socket rejoins. */
  away = 0;
  private resynced = false;
  private rejoinFrom: number | null = null;

  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  /** Connects (or reconnects with the last offset) and waits for ROOM_JOINED. */
  async connect(client: Client): Promise<void> {
    const answer = await client.call('connect.getSocketServer');
    const token = (answer.response as { connect_token: string } | undefined)?.connect_token;
    if (!token) throw new Error(`no connect token: ${JSON.stringify(answer.error)}`);
    const ws = new WebSocket(`${client.base.replace(/^http/, 'ws')}/ws`);
    this.ws = ws;
    this.resynced = false;
    this.rejoinFrom = this.last;
    ws.on('error', () => {});
    const joined = new Promise<void>((resolve, reject) => {
      ws.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { type: string; data: { room?: string; offset?: number }; room?: string; offset?: number };
        if (frame.type === 'ROOM_JOINED' && frame.data.room === this.room) {
          this.joined(frame.data.offset ?? 0);
          resolve();
        } else this.frame(frame);
      });
      ws.once('error', reject);
      ws.once('close', () => reject(new Error('socket closed before joining')));
    });
    joined.catch(() => {});
    ws.on('close', () => {
      if (this.ws === ws) this.ws = null;
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', data: this.last === null ? { token } : { token, offset: this.last } }));
    await joined;
    sockets.connects += 1;
  }

  private frame(frame: { type: string; data: { room?: string; offset?: number }; room?: string; offset?: number }): void {
    if (frame.type === 'AUTHED') this.room = (frame.data as { room: string }).room;
    else if (frame.type === 'ROOM_RESYNC' && frame.data.room === this.room) {
      this.resynced = true;
      if (this.afterRestart) sockets.restartResyncs += 1;
      else sockets.resyncs += 1;
      this.last = frame.data.offset ?? 0;
    } else if (frame.room === this.room && frame.offset !== undefined) {
      sockets.events += 1;
      if (this.rejoinFrom !== null) sockets.replayed += 1;
      if (this.last !== null && frame.offset !== this.last + 1) {
        sockets.gaps += 1;
        console.error(`${this.name}: ${this.room} offset ${frame.offset} after ${this.last}`);
      }
      this.last = frame.offset;
    }
  }

  private joined(offset: number): void {
    if (this.afterRestart && this.rejoinFrom !== null && this.rejoinFrom > 0 && !this.resynced) {
      sockets.reusedAfterRestart += 1;
      console.error(`${this.name}: rejoined ${this.room} after a restart from offset ${this.rejoinFrom} without ROOM_RESYNC (now ${offset})`);
    } else if (this.last !== null && offset !== this.last) {
      // Joined at an offset past the last replayed event: events were skipped without a resync.
      sockets.gaps += 1;
      console.error(`${this.name}: joined ${this.room} at ${offset} after ${this.last}`);
    }
    this.last = offset;
    this.rejoinFrom = null;
    this.afterRestart = false;
  }

  /** Closes the socket on purpose (a player's network drops). */
  drop(): void {
    const ws = this.ws;
    this.ws = null;
    ws?.removeAllListeners('message');
    ws?.close();
  }
}

/** One client's loop: draws operations until the run has done OPS of them. */
async function play(index: number, pick: RandomSource): Promise<void> {
  const name = `chaos${SEED}x${index}`;
  const others = () => hashes.filter((hash, i) => hash && i !== index);
  let client: Client | null = null;
  const items: string[] = [];
  const secure: Secure = { secret: null, enabled: false, lastStep: 0 };
  // One client in four keeps a socket in its personal room.
  const watch = index % 4 === 0 ? new SocketWatch(name) : null;
  if (watch) watches.push(watch);
  let stampNo = 0;
  while (done < OPS) {
    await serverUp;
    const at = done++;
    if (killAt.has(at)) {
      killAt.delete(at);
      kills += 1;
      serverUp = (async () => {
        await killServer('SIGKILL');
        for (const w of watches) {
          w.drop();
          w.afterRestart = w.last !== null;
        }
        const checked = await checkDatabase();
        if (!checked.ledgerOk || checked.missing > 0) badChecks += 1;
        missingTotal = Math.max(missingTotal, checked.missing);
        await startServer();
      })();
      await serverUp;
    }
    try {
      // Each client remembers its server address at the call, so a restart on a new port reaches it.
      if (!client || client.base !== base) {
        const jar = client?.jar;
        client = createClient(base);
        if (jar) for (const [k, v] of jar) client.jar.set(k, v);
      }
      if (!client.jar.has('access_token')) {
        const answer = await client.signIn(name, 'chaos-password');
        if (answer.response) hashes[index] = (answer.response as { user: { hash: string } }).user.hash;
        else failures += 1;
        continue;
      }
      if (!secure.enabled) {
        // 2FA as a player sets it up: the secret from setup, then the app's current code.
        if (!secure.secret) {
          const setup = await client.call('account.secure-setup');
          if (setup.response) secure.secret = (setup.response as { secret: string }).secret;
          else failures += 1;
          continue;
        }
        const step = stepOf(Date.now());
        const enabled = await client.call('account.secure-enable', { code: codeFor(secure.secret, step) });
        if (enabled.response || enabled.error?.error_msg === 'Two-factor authentication is already enabled') {
          [secure.enabled, secure.lastStep] = [true, step];
        } else {
          failures += 1;
          // A cut setup may have issued another secret: start again.
          if (enabled.error) secure.secret = null;
        }
        continue;
      }
      if (watch && !watch.ws && watch.away-- <= 0) {
        await watch.connect(client);
        continue;
      }
      const stamp = `s${stampNo++}`;
      const roll = pick();
      if (watch?.ws && roll < 0.03) {
        // The network drops for a few operations: the balance moves it misses must be replayed on the rejoin.
        watch.drop();
        watch.away = randomInt(pick, 1, 8);
        continue;
      }
      if (roll > 0.95) {
        // Most are small and valid; some ask for more than basic verification allows, some name a bad address: those are refused and move nothing.
        const kind = pick();
        const params = {
          currency: 'btc', provider: 'crypto', address: kind < 0.1 ? 'bc1qxyz' : BTC_ADDRESS, amount: kind > 0.85 ? randomInt(pick, 60_000, 1_000_000) : randomInt(pick, 1_000, 1_500), stamp,
        };
        const { answer, params: sent } = await securedCall(client, secure, 'wallet.cryptoWithdraw', params);
        if (answer.response) {
          withdrawalsAcked += 1;
          acked.push({ user: name, stamp: String(sent.stamp), method: 'wallet.cryptoWithdraw', response: JSON.stringify(answer.response) });
        } else {
          failures += 1;
          if (answer.error) {
            refusedWithdrawals.push({ user: name, stamp: String(sent.stamp) });
            refusedWhy.set(answer.error.error_msg, (refusedWhy.get(answer.error.error_msg) ?? 0) + 1);
          }
        }
        continue;
      }
      let method: string;
      let params: Record<string, string | number>;
      if (roll < 0.25) [method, params] = ['wallet-vault.deposit', { amount: randomInt(pick, 1, 300), stamp }];
      else if (roll < 0.4) [method, params] = ['wallet-vault.withdraw', { amount: randomInt(pick, 1, 300), stamp }];
      else if (roll < 0.5 && others().length > 0) {
        const to = others();
        [method, params] = ['chat-tip.send', { user_hash: to[randomInt(pick, 0, to.length - 1)]!, amount: randomInt(pick, 100, 300), stamp }];
      } else if (roll < 0.6) {
        const created = await client.call('arena-battle.create', { scheme: `${boxHash.replace(/^SF0+/, 'SF')}-1`, mode: 'solo', number: 2, stamp });
        if (!created.response) {
          failures += 1;
          continue;
        }
        acked.push({ user: name, stamp, method: 'arena-battle.create', response: JSON.stringify(created.response) });
        const { hash, token } = (created.response as { game: { hash: string; token: string } }).game;
        if (pick() < 0.25) {
          // Created and left: the seat was a hold, and its refund must give back exactly what it took (docs/decisions/0049).
          if ((await client.call('arena-battle.leave', { token })).response) battlesLeft += 1;
          continue;
        }
        battlesMade.push(hash);
        // Refused or cut by a kill, the battle may wait for seats: it is left out of the paid-once check.
        battlesWaiting.add(hash);
        if ((await client.call('arena-battle.callBots', { hash })).response) battlesWaiting.delete(hash);
        continue;
      } else if (roll < 0.8 || items.length === 0) {
        const created = await client.call('arena-unbox.create', { box_hash: boxHash, count: 1, stamp });
        if (!created.response) {
          failures += 1;
          continue;
        }
        acked.push({ user: name, stamp, method: 'arena-unbox.create', response: JSON.stringify(created.response) });
        const token = (created.response as { game: { token: string } }).game.token;
        const rolled = await client.call('arena-unbox.roll', { token });
        if (rolled.response) items.push((rolled.response as { asset: { hash: string } }).asset.hash);
        continue;
      } else [method, params] = ['inventory.instantSell', { hashes: items.splice(0, randomInt(pick, 1, items.length)).join(','), stamp }];
      const { answer, params: sent } = await securedCall(client, secure, method, params);
      if (answer.response) acked.push({ user: name, stamp: String(sent.stamp), method, response: JSON.stringify(answer.response) });
      else failures += 1;
    } catch {
      // A call cut by a kill: not acknowledged, so nothing is owed.
      failures += 1;
    }
  }
}

/** The cheapest case, which every opening uses (a starting balance buys hundreds). */
let boxHash = '';
/** Each client's player hash once signed in: the others tip them. */
const hashes: string[] = [];
/** Battles created, and those whose bots were never called (a kill cut the call). */
const battlesMade: string[] = [];
/** Battles their creators left before anyone joined (refunded holds). */
let battlesLeft = 0;
const battlesWaiting = new Set<string>();
/** The clients' sockets. */
const watches: SocketWatch[] = [];
/** How long the last battles may take to finish after the last operation. */
const BATTLE_WAIT_MS = 120_000;

let kills = 0;
let badChecks = 0;
let badWithdrawals = 0;
let missingTotal = 0;
const started = performance.now();
try {
  await startServer();
  const { response } = (await (await fetch(`${base}/api/method/case.getCases`)).json()) as { response: { cases: { hash: string }[] } };
  boxHash = response.cases[0]!.hash;
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => play(i, seededRandom(SEED * 1_000_003 + i))));
  await serverUp;
  // The battles play on the server's clock: wait until none is left running (or the limit).
  const waitEnd = Date.now() + BATTLE_WAIT_MS;
  const client = createClient(base);
  for (const hash of battlesMade.filter((h) => !battlesWaiting.has(h))) {
    while (Date.now() < waitEnd) {
      const answer = await client.call('arena.game', { hash });
      const status = (answer.response as { game?: { status: string } } | undefined)?.game?.status;
      if (status === 'finished' || status === 'closed') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  for (const w of watches) w.drop();
  await killServer('SIGTERM');
  const final = await checkDatabase();
  for (const hash of battlesWaiting) battlesMade.splice(battlesMade.indexOf(hash), 1);
  const battles = await misPaidBattles();
  const seconds = (performance.now() - started) / 1000;
  const ok = final.ledgerOk && final.missing === 0 && badChecks === 0 && battles.misPaid === 0 && battles.unfinished === 0 &&
    badWithdrawals === 0 && sockets.gaps === 0 && sockets.reusedAfterRestart === 0;
  console.log(
    `chaos seed ${SEED}: ${done} ops from ${CLIENTS} clients in ${seconds.toFixed(1)} s (${Math.round(done / seconds)}/s), ${acked.length} acknowledged, ${failures} refused or cut, ` +
      `${kills} SIGKILLs and restarts, ledger ${final.ledgerOk ? 'balanced' : 'BROKEN'}, ${final.missing} acknowledged missing, ${badChecks} failed mid-run checks, ` +
      `${battles.finished} battles finished (${battles.unfinished} unfinished, ${battles.misPaid} not paid exactly once; ${battlesWaiting.size} whose bots call a kill cut, left out), ${battlesLeft} left and refunded, ` +
      `${withdrawalsAcked} crypto withdrawals acknowledged (${refusedWithdrawals.length} refused; ${badWithdrawals} not exactly once or refused but stored), ` +
      `${watches.length} sockets in their personal rooms: ${sockets.events} room events (${sockets.replayed} replayed on ${sockets.connects} rejoins), ${sockets.gaps} gaps, ` +
      `${sockets.resyncs} ROOM_RESYNC within a process, ${sockets.restartResyncs} after a restart, ${sockets.reusedAfterRestart} rejoins after a restart without one: ${ok ? 'OK' : 'FAILED'}`,
  );
  if (refusedWhy.size > 0) console.error(`withdrawals refused: ${[...refusedWhy].map(([why, n]) => `${n} × ${why}`).join('; ')}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await killServer('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && databaseUrl) {
    const admin = await openPostgres({ url: adminUrl, migrate: false });
    await dropDatabase((sql) => admin.run(sql), new URL(databaseUrl).pathname.slice(1)).finally(() => admin.close());
  }
}
