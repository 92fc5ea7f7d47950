/**
 * What two processes share through Redis alone (issue 19): the rate-limit counters and the live
 * counts. Each process keeps its own embedded database here (rate limits of visitors are keyed
 * by address, sockets of visitors need no account), so only REDIS_URL is needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { until } from './cluster-helpers.ts';
import { createClient, openSocket } from './harness.ts';

describe.skipIf(!process.env.REDIS_URL)('two processes sharing one Redis', () => {
  const dir = mkdtempSync(join(tmpdir(), 'arena-shared-'));
  const children: ChildProcess[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    for (const name of ['a', 'b']) {
      const child = spawn(process.execPath, ['sim-server/main.ts'], {
        env: {
          ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, name), STATIC_DIR: '/nonexistent', DATABASE_URL: '',
          REDIS_PREFIX: prefix, RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_MS: '3600000',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      urls.push(await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /LISTENING (\d+)/.exec(out);
          if (match) resolve(`http://127.0.0.1:${match[1]}`);
        });
        child.once('exit', (code) => reject(new Error(`server ${name} exited early with ${code}`)));
      }));
    }
  }, 60_000);
  afterAll(async () => {
    await Promise.all(children.map((child) => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(null);
      child.once('exit', resolve);
      child.kill('SIGTERM');
    })));
    rmSync(dir, { recursive: true, force: true });
  });

  test('the listener count pushed to the radio room adds both processes up', async () => {
    // 3 sockets in the radio room on A, 2 on B; the count is pushed (every 5 s when it changed)
    // as every process sums it: its own members and the others' (exchanged every second).
    const sockets = await Promise.all([0, 0, 0, 1, 1].map((i) => openSocket(urls[i]!)));
    for (const socket of sockets) {
      socket.send('join-room', { room: Rooms.radio });
      await socket.next('ROOM_JOINED');
    }
    const heard = (socket: (typeof sockets)[number]) => socket.frames.some((f) => f.type === '#RADIO_ONLINE' && f.data.online === 5);
    await until(() => sockets.every(heard), 20_000, 'a count of 5 on both processes');
    expect(sockets.filter(heard)).toHaveLength(5);
    for (const socket of sockets) socket.close();
  }, 30_000);

  test('one visitor spreading calls over both processes meets one limit', async () => {
    const [onA, onB] = urls.map((url) => createClient(url));
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await (i % 2 ? onA! : onB!).request('/api/method/arena-case.listing?fields=enabled')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429, 429]);
  });
});
