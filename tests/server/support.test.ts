import { describe, expect, test } from 'vitest';
import { SUPPORT_LIMITS } from '../../src/contract/index.ts';
import { operatorHeaders } from './harness.ts';
import { ok, sim, simPost, walletServer } from './wallet-helpers.ts';

const env = walletServer();

const count = async (table: string) => (await env.server.services.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;

describe('support chat', () => {
  test('the player writes, the operator answers through the console, the answer arrives live on the socket and persists', async () => {
    const player = await env.server.player('support_writer');
    const socket = await player.socket();
    expect(await ok(player, 'support.thread')).toEqual({ thread: null, messages: [] });

    const sent = await ok(player, 'support.send', { text: '  My deposit has not arrived  ' });
    expect(sent.thread).toMatchObject({ status: 'open', closed_at: null, closed_reason: null });
    expect(sent.message).toMatchObject({ from: 'player', text: 'My deposit has not arrived', thread_hash: sent.thread.hash });
    // The player's own message is told to their room too (their other tabs).
    expect((await socket.next('SUPPORT_MESSAGE')).data).toEqual({ message: sent.message });

    // The operator sees the open thread and answers it.
    const listed = await env.server.client().request('/api/sim/support.json', { headers: operatorHeaders(player) });
    const open = (listed.body.response as { open: { hash: string; player: { name: string } }[] }).open;
    expect(open.map((t) => [t.hash, t.player.name])).toEqual([[sent.thread.hash, 'support_writer']]);
    const answered = await sim<{ message: { hash: string } }>(player, `/api/sim/support/${sent.thread.hash}/answer`, { text: 'Checking it now' });

    const frame = await socket.next('SUPPORT_MESSAGE');
    expect(frame.room).toMatch(/^USER\[/);
    expect(frame.data).toEqual({ message: { hash: answered.message.hash, thread_hash: sent.thread.hash, from: 'agent', text: 'Checking it now', created_at: env.clock.at } });

    // A reload reads the same thread back, both sides in order; a second message joins it.
    await ok(player, 'support.send', { text: 'Thanks' });
    const thread = await ok(player, 'support.thread');
    expect(thread.thread?.hash).toBe(sent.thread.hash);
    expect(thread.messages.map((m) => [m.from, m.text])).toEqual([['player', 'My deposit has not arrived'], ['agent', 'Checking it now'], ['player', 'Thanks']]);

    // The console page shows the conversation and the answer box.
    const page = await env.server.client().request('/api/sim/support', { headers: operatorHeaders(player) });
    expect(page.status).toBe(200);
    expect(String(page.body.text)).toContain('My deposit has not arrived');
    expect(String(page.body.text)).toContain('Send answer');
    socket.close();
  });

  test('an empty, too long or flooding message is refused and stores nothing', async () => {
    env.clock.advance(10 * 60_000);
    const player = await env.server.player('support_flooder');
    const before = await count('support_messages');
    const threads = await count('support_threads');

    const empty = await player.call('support.send', { text: '   ' });
    expect(empty.error?.error_code).toBe(16);
    expect(empty.error?.error_msg).toContain('text: must be at least 1');
    expect((await player.call('support.send', {})).error?.error_code).toBe(16);
    const long = await player.call('support.send', { text: 'x'.repeat(SUPPORT_LIMITS.maxLength + 1) });
    expect(long.error?.error_code).toBe(16);
    expect(long.error?.error_msg).toContain(`text: must be at most ${SUPPORT_LIMITS.maxLength}`);
    expect(await count('support_messages')).toBe(before);
    expect(await count('support_threads')).toBe(threads);
    expect(await ok(player, 'support.thread')).toEqual({ thread: null, messages: [] });

    // The longest allowed passes; then the flood rule: floodCount in the window, the next refused.
    await ok(player, 'support.send', { text: 'y'.repeat(SUPPORT_LIMITS.maxLength) });
    for (let i = 1; i < SUPPORT_LIMITS.floodCount; i++) {
      env.clock.advance(1000);
      await ok(player, 'support.send', { text: `message ${i}` });
    }
    const stored = await count('support_messages');
    const flood = await player.call('support.send', { text: 'one more' });
    expect(flood.error?.error_code).toBe(19);
    expect(flood.error?.error_msg).toBe('Not so fast! Slow down with your messages: try again in 56 s');
    expect(await count('support_messages')).toBe(stored);
    expect((await ok(player, 'support.thread')).messages).toHaveLength(SUPPORT_LIMITS.floodCount);

    // Once the first message leaves the window the player may write again.
    env.clock.advance(56_000);
    await ok(player, 'support.send', { text: 'one more' });
    expect((await ok(player, 'support.thread')).messages.at(-1)?.text).toBe('one more');

    // The operator's answer has its own bounds, and a visitor cannot write at all.
    const hash = (await ok(player, 'support.thread')).thread!.hash;
    expect((await simPost(player, `/api/sim/support/${hash}/answer`, { text: ' ' })).error?.error_code).toBe(16);
    expect((await simPost(player, '/api/sim/support/SF999999/answer', { text: 'hello' })).error?.error_code).toBe(30);
    expect((await env.server.client().call('support.send', { text: 'hi' })).error?.error_code).toBe(15);
    expect((await env.server.client().request(`/api/sim/support/${hash}/answer`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"no key"}' })).status).toBe(403);
  });

  test('another player cannot read the thread nor hear its answers', async () => {
    env.clock.advance(10 * 60_000);
    const owner = await env.server.player('support_owner');
    const other = await env.server.player('support_other');
    const otherSocket = await other.socket();
    const ownerSocket = await owner.socket();
    const { thread } = await ok(owner, 'support.send', { text: 'private question' });

    expect(await ok(other, 'support.thread')).toEqual({ thread: null, messages: [] });
    // The other player's own message opens their own thread, apart from the owner's.
    const theirs = await ok(other, 'support.send', { text: 'my own question' });
    expect(theirs.thread.hash).not.toBe(thread.hash);
    expect((await ok(other, 'support.thread')).messages.map((m) => m.text)).toEqual(['my own question']);

    await sim(owner, `/api/sim/support/${thread.hash}/answer`, { text: 'only for the owner' });
    expect((await ownerSocket.next('SUPPORT_MESSAGE')).data).toMatchObject({ message: { text: 'private question' } });
    expect((await ownerSocket.next('SUPPORT_MESSAGE')).data).toMatchObject({ message: { text: 'only for the owner' } });
    // The other's socket has only their own message; a room of another player cannot be joined.
    await otherSocket.next('SUPPORT_MESSAGE');
    otherSocket.send('join-room', { room: ownerSocket.frames.find((f) => f.type === 'SUPPORT_MESSAGE')!.room! });
    expect((await otherSocket.next('SOCKET_ERROR')).data).toMatchObject({ code: 'ACCESS_DENIED' });
    // A frame after the answer, so anything sent to the owner's room before it has arrived too.
    await sim(owner, `/api/sim/support/${thread.hash}/answer`, { text: 'second answer' });
    await ownerSocket.next('SUPPORT_MESSAGE');
    expect(otherSocket.frames.filter((f) => f.type === 'SUPPORT_MESSAGE').map((f) => (f.data.message as { text: string }).text)).toEqual(['my own question']);
    otherSocket.close();
    ownerSocket.close();
  });

  test('logout closes the open thread: the other sessions hear it, the console lists it closed, the next message opens a new one', async () => {
    env.clock.advance(10 * 60_000);
    const phone = await env.server.player('support_leaver');
    const laptop = await env.server.player('support_leaver');
    const laptopSocket = await laptop.socket();
    const { thread } = await ok(phone, 'support.send', { text: 'before I go' });

    expect(await phone.logout()).toEqual({ response: { success: true } });
    expect((await laptopSocket.next('SUPPORT_CLOSED')).data).toEqual({ thread_hash: thread.hash, reason: 'logout' });
    expect(await ok(laptop, 'support.thread')).toEqual({ thread: null, messages: [] });
    const row = (await env.server.services.db.get<{ status: string; closed_reason: string }>('SELECT status, closed_reason FROM support_threads WHERE id = ?', Number(thread.hash.slice(2))))!;
    expect(row).toEqual({ status: 'closed', closed_reason: 'logout' });

    // The operator can no longer answer it, and the console shows it closed.
    expect((await simPost(laptop, `/api/sim/support/${thread.hash}/answer`, { text: 'too late' })).error?.error_code).toBe(19);
    const listed = (await laptop.request('/api/sim/support.json', { headers: operatorHeaders(laptop) })).body.response as { open: { hash: string }[]; closed: { hash: string; closed_reason: string }[] };
    expect(listed.open.map((t) => t.hash)).not.toContain(thread.hash);
    expect(listed.closed.find((t) => t.hash === thread.hash)?.closed_reason).toBe('logout');

    // Signed in again, a new message starts a fresh thread.
    const again = await env.server.player('support_leaver');
    const fresh = await ok(again, 'support.send', { text: 'back again' });
    expect(fresh.thread.hash).not.toBe(thread.hash);
    expect((await ok(again, 'support.thread')).messages.map((m) => m.text)).toEqual(['back again']);
    laptopSocket.close();
  });

  test('the operator closes a thread and the player hears it', async () => {
    env.clock.advance(10 * 60_000);
    const player = await env.server.player('support_resolved');
    const socket = await player.socket();
    const { thread } = await ok(player, 'support.send', { text: 'solved already' });
    expect(await sim(player, `/api/sim/support/${thread.hash}/close`)).toEqual({ success: true });
    expect((await socket.next('SUPPORT_CLOSED')).data).toEqual({ thread_hash: thread.hash, reason: 'agent' });
    expect(await ok(player, 'support.thread')).toEqual({ thread: null, messages: [] });
    expect((await simPost(player, `/api/sim/support/${thread.hash}/close`)).error?.error_code).toBe(19);
    socket.close();
  });
});
