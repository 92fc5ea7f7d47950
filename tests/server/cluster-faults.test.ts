/**
 * Redis faults (issue 19): unreachable at start, a clear message and a non-zero exit; lost while
 * running, sockets are closed (clients reconnect), money calls go on, and when Redis returns the
 * server carries events again without a restart. The second test starts a Redis of its own (the
 * redis-server that REDIS_URL's Redis came with) so it can kill it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { until } from './cluster-helpers.ts';
import { createClient, openSocket } from './harness.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'arena-redis-fault-'));
  dirs.push(dir);
  return dir;
}

/** A port nothing listens on (taken, then let go). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Whether something accepts connections on the port now. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['sim-server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: tempDir(), STATIC_DIR: '/nonexistent', DATABASE_URL: '', START_GRANT_WINDOW: '0', PASSWORD_COST: '1024', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exit, out: () => out, err: () => err };
}

describe('Redis at start', () => {
  test('unreachable: the server names REDIS_URL and the address, and exits non-zero', async () => {
    const port = await freePort();
    const server = startServer({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const code = await server.exit;
    expect(code).not.toBe(0);
    expect(server.err()).toContain('REDIS_URL');
    expect(server.err()).toContain(`127.0.0.1:${port}`);
    expect(server.out()).not.toContain('LISTENING');
  }, 30_000);
});

describe.skipIf(!process.env.REDIS_URL)('Redis lost while running', () => {
  test('sockets are closed and reconnect, money calls go on, and events flow again when Redis returns', async () => {
    const port = await freePort();
    const redisDir = tempDir();
    const startRedis = () => {
      const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', redisDir], { stdio: 'ignore' });
      children.push(redis);
      return redis;
    };
    let redis = startRedis();
    await until(() => answers(port), 20_000, 'Redis listening');
    const server = startServer({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_MAX: '10000' });
    let url = '';
    await until(() => {
      const match = /LISTENING (\d+)/.exec(server.out());
      if (match) url = `http://127.0.0.1:${match[1]}`;
      if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.err()}`);
      return url !== '';
    }, 30_000, 'the server listening');

    const player = createClient(url);
    await player.signIn('redis_fault', 'secret-pass');
    const first = await player.socket();
    await first.next('ROOM_JOINED');
    await player.call('wallet-vault.deposit', { amount: 100 });
    await first.next('WALLET_BALANCE_CHANGED', 5_000);

    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    // The server closes its sockets: what other processes publish no longer reaches them.
    await Promise.race([first.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket not closed within 10 s')), 10_000))]);
    // Money does not wait for Redis: the call answers and moves exactly what it says.
    const deposit = await player.call('wallet-vault.deposit', { amount: 250, stamp: 'while-redis-is-away' });
    expect(deposit.error).toBeUndefined();
    expect(((await player.call('wallet-vault.info')).response as { amount: number }).amount).toBe(350);

    redis = startRedis();
    // Back without a restart: a socket joins its room and hears the next balance change. (A
    // socket opened while Redis was away, or in the moment it returns, is closed by the server
    // so it replays what passed it by: the client opens another, as here.)
    let deposited = 0;
    await until(async () => {
      try {
        const socket = await player.socket();
        await socket.next('ROOM_JOINED', 3_000);
        const answer = await player.call('wallet-vault.deposit', { amount: 50 });
        if (answer.response) deposited += 50;
        await socket.next('WALLET_BALANCE_CHANGED', 3_000);
        return true;
      } catch {
        return false;
      }
    }, 30_000, 'a balance change pushed after Redis returned');
    expect(((await player.call('wallet-vault.info')).response as { amount: number }).amount).toBe(350 + deposited);
    server.child.kill('SIGTERM');
    await server.exit;
  }, 90_000);
  test('while Redis does not answer, events past REDIS_QUEUE_MAX are dropped: the socket still connected is told to resync, and so is one that rejoins from before them', async () => {
    const port = await freePort();
    const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tempDir()], { stdio: 'ignore' });
    children.push(redis);
    await until(() => answers(port), 20_000, 'Redis listening');
    const server = startServer({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_MAX: '0', REDIS_QUEUE_MAX: '3' });
    let url = '';
    await until(() => {
      const match = /LISTENING (\d+)/.exec(server.out());
      if (match) url = `http://127.0.0.1:${match[1]}`;
      if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.err()}`);
      return url !== '';
    }, 30_000, 'the server listening');

    const player = createClient(url);
    await player.signIn('redis_queue', 'secret-pass');
    const socket = await player.socket();
    await socket.next('ROOM_JOINED');
    await player.call('wallet-vault.deposit', { amount: 100 });
    const seen = await socket.next('WALLET_BALANCE_CHANGED', 5_000);
    const room = seen.room!;
    const before = seen.offset!;

    // Redis stops answering (its data kept): eight balance changes, room for three of them.
    redis.kill('SIGSTOP');
    try {
      for (let i = 1; i <= 8; i++) expect((await player.call('wallet-vault.deposit', { amount: 10, stamp: `queue-${i}` })).error).toBeUndefined();
    } finally {
      redis.kill('SIGCONT');
    }
    expect(((await player.call('wallet-vault.info')).response as { amount: number }).amount).toBe(180);
    // The three queued ones go out in order when Redis answers again; the other five are gone.
    await until(() => socket.frames.filter((f) => f.type === 'WALLET_BALANCE_CHANGED').length >= 4, 20_000, 'the queued events');
    // The socket stayed connected all along (Redis was slow, not gone): it is told that the room
    // lost events, after the ones that went out, with an offset past them to go on from.
    const resync = await socket.next('ROOM_RESYNC', 20_000);
    const pushed = socket.frames.filter((f) => f.type === 'WALLET_BALANCE_CHANGED');
    expect(resync.data).toEqual({ room, offset: expect.any(Number) });
    expect(resync.data.offset).toBeGreaterThan(pushed.at(-1)!.offset!);
    expect(socket.frames.slice(socket.frames.indexOf(pushed.at(-1)!) + 1).filter((f) => f.type !== 'PONG').map((f) => f.type)).toEqual(['ROOM_RESYNC']);
    // A socket (this one reconnecting, say) that rejoins from before the drop cannot replay what was never numbered: it is told to resync.
    const again = await openSocket(url);
    const token = ((await player.call('connect.getSocketServer')).response as { connect_token: string }).connect_token;
    again.send('auth', { token, offset: before });
    await again.next('ROOM_JOINED', 10_000);
    const replies = again.frames.filter((f) => f.type === 'ROOM_RESYNC' || f.room === room).map((f) => f.type);
    expect(replies).toEqual(['ROOM_RESYNC']);
    again.close();
    // From the resync's offset the room goes on: the next change is the one after it, nothing is replayed twice.
    await player.call('wallet-vault.deposit', { amount: 10, stamp: 'after-the-gap' });
    const next = await socket.next('WALLET_BALANCE_CHANGED', 10_000);
    expect(next.offset).toBe((resync.data.offset as number) + 1);
    expect((next.data as { balance: number }).balance).toBe(99_810);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(socket.frames.filter((f) => f.type === 'WALLET_BALANCE_CHANGED')).toHaveLength(5);
    expect(socket.frames.filter((f) => f.type === 'ROOM_RESYNC')).toHaveLength(1);
    server.child.kill('SIGTERM');
    await server.exit;
    redis.kill('SIGKILL');
  }, 90_000);
});
