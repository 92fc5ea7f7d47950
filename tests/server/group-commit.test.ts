/**
 * Grouped commits on the embedded database (docs/decisions/0043): the transactions of one turn
 * of the event loop commit together, each still all-or-nothing, and nothing waiting on the gate
 * runs before the group is on disk. A second connection to the same file (opened `shared`)
 * shows what is committed, as a restarted server would find it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openDb, type Db } from '../../sim-server/db/database.ts';
import { createHub, type Connection } from '../../sim-server/socket/hub.ts';

let dir: string;
let db: Db;
let disk: DatabaseSync;
let failures: unknown[];

/** The names in `notes` as another connection reads them from the file. */
const onDisk = () => (disk.prepare('SELECT name FROM notes ORDER BY id').all() as { name: string }[]).map((row) => row.name);
const turn = () => new Promise<void>((done) => setImmediate(done));

/** A socket as the hub sees it, keeping the frames written to it. */
function fakeConnection(): Connection & { frames: string[] } {
  const frames: string[] = [];
  return { frames, send: (frame) => frames.push(frame.toString()), close: () => {}, userId: null, sessionId: null, rooms: new Set(), lastSeen: 0 };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  const path = join(dir, 'arena.db');
  failures = [];
  db = await openDb({ path, shared: true, group: { onCommitFailed: (error) => failures.push(error), onWorkFailed: (error) => failures.push(error) } });
  await db.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)');
  disk = new DatabaseSync(path);
});

afterEach(async () => {
  disk.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('grouped commits', () => {
  test('the transactions of one turn reach the disk together, after the turn', async () => {
    await db.transaction((tx) => tx.run("INSERT INTO notes (name) VALUES ('a')"));
    await db.transaction((tx) => tx.run("INSERT INTO notes (name) VALUES ('b')"));
    // Written, and seen by this connection, but not yet durable.
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notes'))?.n).toBe(2);
    expect(db.commits.pending).toBe(true);
    expect(onDisk()).toEqual([]);
    await turn();
    expect(db.commits.pending).toBe(false);
    expect(onDisk()).toEqual(['a', 'b']);
    expect(failures).toEqual([]);
  });

  test('a transaction that throws rolls back alone; the others of its group commit', async () => {
    await db.transaction((tx) => tx.run("INSERT INTO notes (name) VALUES ('kept')"));
    await expect(db.transaction(async (tx) => {
        await tx.run("INSERT INTO notes (name) VALUES ('undone')");
        await tx.run("INSERT INTO notes (name) VALUES ('kept')"); // UNIQUE: throws
      })).rejects.toThrow(/UNIQUE/);
    await expect(db.transaction(async (tx) => {
        await tx.run("INSERT INTO notes (name) VALUES ('refused')");
        throw new Error('insufficient funds');
      })).rejects.toThrow('insufficient funds');
    await db.transaction((tx) => tx.run("INSERT INTO notes (name) VALUES ('later')"));
    await turn();
    expect(onDisk()).toEqual(['kept', 'later']);
  });

  test('afterCommit work runs as its transaction succeeds; work on the gate waits for the disk, in order', async () => {
    const seen: string[] = [];
    await db.transaction(async (tx) => {
      await tx.run("INSERT INTO notes (name) VALUES ('first')");
      // In-memory copies (battle states, race boards) must be current for the next transaction.
      tx.afterCommit(() => seen.push(`copy 1, on disk: [${onDisk().join(',')}]`));
    });
    db.commits.whenCommitted(() => seen.push(`answer 1, on disk: [${onDisk().join(',')}]`));
    await db.transaction((tx) => tx.run("INSERT INTO notes (name) VALUES ('second')"));
    try {
      await db.transaction((tx) => {
        tx.afterCommit(() => seen.push('copy of a rolled-back transaction'));
        throw new Error('no');
      });
    } catch {
      // refused, as a request would be
    }
    db.commits.whenCommitted(() => seen.push('answer 2'));
    expect(seen).toEqual(['copy 1, on disk: []']);
    await turn();
    expect(seen).toEqual(['copy 1, on disk: []', 'answer 1, on disk: [first,second]', 'answer 2']);
  });

  test('socket frames sent during a group go out after its commit, in order; a join meanwhile sees the event in its room', async () => {
    const hub = createHub({ now: () => Date.now(), commits: db.commits });
    const member = fakeConnection();
    hub.attach(member);
    hub.join(member, 'LOBBY');
    const joinedAt = JSON.parse(member.frames[0]!).data.offset as number;
    await db.transaction(async (tx) => {
      await tx.run("INSERT INTO notes (name) VALUES ('drop')");
      tx.afterCommit(() => hub.publish('LOBBY', 'CHAT_ONLINE', { online: 7, simulated: 0 }));
    });
    hub.reply(member, 'CHAT_ONLINE', { online: 8, simulated: 0 });
    const late = fakeConnection();
    hub.attach(late);
    hub.join(late, 'LOBBY', joinedAt);
    expect(member.frames).toHaveLength(1);
    expect(late.frames).toEqual([]);
    await turn();
    expect(onDisk()).toEqual(['drop']);
    expect(member.frames.slice(1).map((f) => JSON.parse(f))).toEqual([
      { type: 'CHAT_ONLINE', data: { online: 7, simulated: 0 }, room: 'LOBBY', offset: joinedAt + 1 },
      { type: 'CHAT_ONLINE', data: { online: 8, simulated: 0 } },
    ]);
    // The later joiner asked from before the event: it is replayed once, then the join is confirmed.
    expect(late.frames.map((f) => JSON.parse(f))).toEqual([
      { type: 'CHAT_ONLINE', data: { online: 7, simulated: 0 }, room: 'LOBBY', offset: joinedAt + 1 },
      { type: 'ROOM_JOINED', data: { room: 'LOBBY', offset: joinedAt + 1 } },
    ]);
  });

  test('with nothing pending, the gate runs work at once', () => {
    let ran = false;
    db.commits.whenCommitted(() => {
      ran = true;
    });
    expect(ran).toBe(true);
  });

  test('a transaction inside another is refused and changes nothing', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.run("INSERT INTO notes (name) VALUES ('outer')");
      return db.transaction(async () => 1);
    })).rejects.toThrow(/nested/);
    await turn();
    expect(onDisk()).toEqual([]);
  });

  test('a body that waits lets no other statement into its transaction, and its group commits after it', async () => {
    const slow = db.transaction(async (tx) => {
      await tx.run("INSERT INTO notes (name) VALUES ('slow')");
      // Longer than a turn: the group's COMMIT falls due meanwhile and must wait for this body.
      await new Promise((resolve) => setTimeout(resolve, 30));
      await tx.run("INSERT INTO notes (name) VALUES ('slow')"); // UNIQUE: the whole body rolls back
    });
    const other = db.transaction((tx) => tx.run("INSERT INTO notes (name) VALUES ('other')"));
    const read = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM notes');
    await expect(slow).rejects.toThrow(/UNIQUE/);
    await other;
    // The read queued behind both bodies: it sees 'other' and nothing of the rolled-back one.
    expect((await read)?.n).toBe(1);
    await turn();
    expect(onDisk()).toEqual(['other']);
    expect(failures).toEqual([]);
  });

  test('closing commits what is pending', async () => {
    await db.transaction((tx) => tx.run("INSERT INTO notes (name) VALUES ('at close')"));
    await db.close();
    expect(onDisk()).toEqual(['at close']);
    // afterEach closes again: a second close must be harmless.
    db = { ...db, close: async () => {} };
  });

  test('work on the gate that throws is reported, and the rest still runs', async () => {
    const seen: string[] = [];
    await db.transaction((tx) => tx.run("INSERT INTO notes (name) VALUES ('x')"));
    db.commits.whenCommitted(() => {
      throw new Error('a socket push failed');
    });
    db.commits.whenCommitted(() => seen.push('answer'));
    await turn();
    expect(seen).toEqual(['answer']);
    expect(failures.map((error) => (error as Error).message)).toEqual(['a socket push failed']);
  });
});
