/**
 * The support chat's rows and their wire forms (docs/decisions/0054): threads, messages, and
 * the three changes (a player's message, an agent's answer, a close). Each change runs inside
 * the caller's transaction and tells the player's own room after it commits.
 */
import { NumericError, SUPPORT_LIMITS, type SupportMessage, type SupportThread } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { mapInOrder, type Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import type { Hub } from '../../socket/hub.ts';

interface ThreadRow {
  id: number;
  user_id: number;
  status: 'open' | 'closed';
  created_at: number;
  updated_at: number;
  closed_at: number | null;
  closed_reason: 'logout' | 'agent' | null;
}

interface MessageRow {
  id: number;
  thread_id: number;
  author: 'player' | 'agent';
  text: string;
  created_at: number;
}

type Reader = Pick<Tx, 'get' | 'all'>;

/** What a flooding player is told (document 1 section 8's words for battle messages, with the wait). */
export const supportFloodText = (seconds: number) => `Not so fast! Slow down with your messages: try again in ${seconds} s`;

const threadWire = (row: ThreadRow): SupportThread => ({
  hash: toHash(row.id),
  status: row.status,
  created_at: row.created_at,
  closed_at: row.closed_at,
  closed_reason: row.closed_reason,
});

const messageWire = (row: MessageRow): SupportMessage => ({
  hash: toHash(row.id),
  thread_hash: toHash(row.thread_id),
  from: row.author,
  text: row.text,
  created_at: row.created_at,
});

const openThreadOf = (db: Reader, userId: number) => db.get<ThreadRow>("SELECT * FROM support_threads WHERE user_id = ? AND status = 'open'", userId);

const messagesOf = async (db: Reader, threadId: number) =>
  (await db.all<MessageRow>('SELECT id, thread_id, author, text, created_at FROM support_messages WHERE thread_id = ? ORDER BY id', threadId)).map(messageWire);

/** The player's open thread and its messages (none open: null and an empty list). */
export async function playerThread(db: Reader, userId: number): Promise<{ thread: SupportThread | null; messages: SupportMessage[] }> {
  const row = await openThreadOf(db, userId);
  return row ? { thread: threadWire(row), messages: await messagesOf(db, row.id) } : { thread: null, messages: [] };
}

async function insertMessage(tx: Tx, thread: ThreadRow, author: 'player' | 'agent', text: string, now: number): Promise<SupportMessage> {
  const { lastInsertRowid } = await tx.run('INSERT INTO support_messages (thread_id, user_id, author, text, created_at) VALUES (?, ?, ?, ?, ?)', thread.id, thread.user_id, author, text, now);
  await tx.run('UPDATE support_threads SET updated_at = ? WHERE id = ?', now, thread.id);
  return messageWire((await tx.get<MessageRow>('SELECT id, thread_id, author, text, created_at FROM support_messages WHERE id = ?', Number(lastInsertRowid)))!);
}

/**
 * A player writes (text already trimmed and bounded by the contract): refused while they sent
 * SUPPORT_LIMITS.floodCount messages in the last floodWindowMs, else stored in their open
 * thread, which this opens when there is none. Counted from the table, so the rule holds across
 * processes and restarts (transactions never interleave).
 */
export async function playerWrites(tx: Tx, hub: Hub, userId: number, text: string, now: number): Promise<{ thread: SupportThread; message: SupportMessage }> {
  const recent = await tx.all<{ created_at: number }>(
    "SELECT created_at FROM support_messages WHERE user_id = ? AND author = 'player' AND created_at > ? ORDER BY created_at DESC LIMIT ?",
    userId, now - SUPPORT_LIMITS.floodWindowMs, SUPPORT_LIMITS.floodCount,
  );
  if (recent.length >= SUPPORT_LIMITS.floodCount) {
    const oldest = recent[recent.length - 1]!.created_at;
    fail(NumericError.INVALID_DATA, supportFloodText(Math.max(1, Math.ceil((oldest + SUPPORT_LIMITS.floodWindowMs - now) / 1000))));
  }
  let thread = await openThreadOf(tx, userId);
  if (!thread) {
    const { lastInsertRowid } = await tx.run("INSERT INTO support_threads (user_id, status, created_at, updated_at) VALUES (?, 'open', ?, ?)", userId, now, now);
    thread = (await tx.get<ThreadRow>('SELECT * FROM support_threads WHERE id = ?', Number(lastInsertRowid)))!;
  }
  const message = await insertMessage(tx, thread, 'player', text, now);
  // The player's other tabs show it too; the sending tab already has it from the answer.
  tx.afterCommit(() => hub.toUser(userId, 'SUPPORT_MESSAGE', { message }));
  return { thread: threadWire(thread), message };
}

async function threadByHash(tx: Reader, hash: string): Promise<ThreadRow> {
  const id = parseHash(hash);
  return (id !== null && await tx.get<ThreadRow>('SELECT * FROM support_threads WHERE id = ?', id)) || fail(NumericError.NOT_FOUND, 'Support thread not found');
}

/** The agent answers an open thread; the answer reaches the player's sockets once committed. */
export async function agentAnswers(tx: Tx, hub: Hub, threadHash: string, text: string, now: number): Promise<SupportMessage> {
  const thread = await threadByHash(tx, threadHash);
  if (thread.status !== 'open') fail(NumericError.INVALID_DATA, 'The support thread is closed');
  const message = await insertMessage(tx, thread, 'agent', text, now);
  tx.afterCommit(() => hub.toUser(thread.user_id, 'SUPPORT_MESSAGE', { message }));
  return message;
}

async function close(tx: Tx, hub: Hub, thread: ThreadRow, reason: 'logout' | 'agent', now: number): Promise<void> {
  await tx.run("UPDATE support_threads SET status = 'closed', closed_at = ?, closed_reason = ?, updated_at = ? WHERE id = ? AND status = 'open'", now, reason, now, thread.id);
  tx.afterCommit(() => hub.toUser(thread.user_id, 'SUPPORT_CLOSED', { thread_hash: toHash(thread.id), reason }));
}

/** The agent resolves a thread. */
export async function agentCloses(tx: Tx, hub: Hub, threadHash: string, now: number): Promise<void> {
  const thread = await threadByHash(tx, threadHash);
  if (thread.status !== 'open') fail(NumericError.INVALID_DATA, 'The support thread is closed');
  await close(tx, hub, thread, 'agent', now);
}

/** The player logged out (document 1 section 4: logout shuts down support chat): their open thread closes. */
export async function closeOnLogout(tx: Tx, hub: Hub, userId: number, now: number): Promise<boolean> {
  const thread = await openThreadOf(tx, userId);
  if (thread) await close(tx, hub, thread, 'logout', now);
  return thread !== undefined;
}

/** A thread as the console shows it: whose, and everything said. */
export interface ConsoleThread extends SupportThread {
  player: { hash: string; name: string };
  messages: SupportMessage[];
}

/** Open threads, the one waiting longest for an answer first, and the last few closed. */
export async function consoleThreads(db: Reader, closedCount = 10): Promise<{ open: ConsoleThread[]; closed: ConsoleThread[] }> {
  const withMessages = async (rows: (ThreadRow & { name: string })[]): Promise<ConsoleThread[]> =>
    await mapInOrder(rows, async (row) => ({ ...threadWire(row), player: { hash: toHash(row.user_id), name: row.name }, messages: await messagesOf(db, row.id) }));
  return {
    open: await withMessages(await db.all("SELECT t.*, u.name FROM support_threads t JOIN users u ON u.id = t.user_id WHERE t.status = 'open' ORDER BY t.updated_at, t.id")),
    closed: await withMessages(await db.all("SELECT t.*, u.name FROM support_threads t JOIN users u ON u.id = t.user_id WHERE t.status = 'closed' ORDER BY t.closed_at DESC, t.id DESC LIMIT ?", closedCount)),
  };
}
