/**
 * The shell's remaining server pieces (issue 21): case tables, the login-detected push,
 * PAGE_ACTIVE between a player's tabs, and compensations from the sim console.
 */
import { describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { balanceOf, cheapestCase, ok } from './cases-helpers.ts';
import { openSocket, operatorHeaders } from './harness.ts';
import { expectLedgerOk, lastEntry, simPost, walletServer } from './wallet-helpers.ts';

const env = walletServer();

describe('case tables', () => {
  test('a table deals one case; drops opened at it reach everyone at the table, visitors too', async () => {
    const host = await env.server.player('table_host');
    const guest = await env.server.player('table_guest');
    const box = await cheapestCase(host);
    const { table } = await ok(host, 'case-table.create', { box_hash: box.hash });
    expect(table).toMatchObject({ box_hash: box.hash, box_key: box.key, path: `/case/table/default/${table.id}`, opened: 0, dropped_value: 0, creator: { name: 'table_host' } });

    const visitor = env.server.client();
    const before = await ok(visitor, 'case-table.get', { id: table.id });
    expect(before).toMatchObject({ table: { id: table.id }, box: { hash: box.hash }, drops: [] });
    const watcher = await openSocket(env.server.url);
    watcher.send('join-room', { room: Rooms.caseTable(table.id), offset: before.offset });
    await watcher.next('ROOM_JOINED');

    const balance = await balanceOf(guest);
    const { game } = await ok(guest, 'arena-unbox.create', { box_hash: box.hash, count: 1, table: table.id });
    const roll = await ok(guest, 'arena-unbox.roll', { token: game.token, fast: 1 });
    expect(await balanceOf(guest)).toBe(balance - box.price);
    const pushed = await watcher.next('CASE_TABLE_DROP');
    expect(pushed.room).toBe(Rooms.caseTable(table.id));
    expect(pushed.data).toMatchObject({ table_id: table.id, opened: 1, dropped_value: roll.item.price, drop: { user_hash: roll.drop.user_hash, items: [{ hash: roll.item.hash }], user: { name: 'table_guest' } } });

    const after = await ok(visitor, 'case-table.get', { id: table.id });
    expect(after.drops.map((d) => d.items[0]!.hash)).toEqual([roll.item.hash]);
    expect(after.table).toMatchObject({ opened: 1, dropped_value: roll.item.price });
    expect(after.offset).toBe(pushed.offset);
    // A game opened off the table is not the table's.
    await ok(guest, 'arena-unbox.roll', { token: (await ok(guest, 'arena-unbox.create', { box_hash: box.hash, count: 1 })).game.token });
    expect((await ok(visitor, 'case-table.get', { id: table.id })).drops).toHaveLength(1);
    watcher.close();
    await expectLedgerOk(env.server);
  });

  test('an unknown table answers NOT_FOUND; another case at a table or an unknown table moves nothing', async () => {
    const player = await env.server.player('table_wrong');
    expect((await player.call('case-table.get', { id: 'SF999999' })).error).toEqual({ error_code: 30, error_msg: 'Table not found.' });
    expect((await player.call('case-table.get', { id: 'nope' })).error).toMatchObject({ error_code: 16 });
    expect((await env.server.client().call('case-table.create', { box_hash: 'SF1' })).error).toMatchObject({ error_code: 15 });
    const { listing } = await ok(player, 'arena-case.listing', { fields: 'enabled' });
    const { table } = await ok(player, 'case-table.create', { box_hash: listing[0]!.hash });
    const balance = await balanceOf(player);
    expect((await player.call('arena-unbox.create', { box_hash: listing[1]!.hash, count: 1, table: table.id })).error).toEqual({ error_code: 19, error_msg: `Table ${table.id} deals another case.` });
    expect((await player.call('arena-unbox.create', { box_hash: listing[0]!.hash, count: 1, table: 'SF999999' })).error).toEqual({ error_code: 19, error_msg: 'Table SF999999 not found.' });
    expect(await balanceOf(player)).toBe(balance);
    expect((await player.call('case-table.create', { box_hash: 'SF999999' })).error).toEqual({ error_code: 19, error_msg: 'Box SF999999 not found.' });
  });
});

describe('sessions', () => {
  test('signing in on another device tells the sessions already open; the new one does not hear it', async () => {
    const first = await env.server.player('twice_signed');
    const socket = await first.socket();
    const second = env.server.client();
    await second.request('/api/connect', { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' }, body: JSON.stringify({ username: 'twice_signed', password: 'secret-pass' }) });
    const detected = await socket.next('LOGIN_DETECTED');
    expect(detected.data).toMatchObject({ device: 'Chrome on Linux' });
    const late = await second.socket();
    await late.next('ROOM_JOINED');
    expect(late.frames.some((f) => f.type === 'LOGIN_DETECTED')).toBe(false);
    // Log out everywhere: the first session is gone too.
    await second.logout(true);
    expect((await first.call('user.getUser')).error).toBeDefined();
    socket.close();
    late.close();
  });

  test("page-active reaches the player's other tabs; a visitor's socket is refused", async () => {
    const player = await env.server.player('two_tabs');
    const [a, b] = [await player.socket(), await player.socket()];
    a.send('page-active', { tab: 'tabAAAAAAAA' });
    expect((await b.next('PAGE_ACTIVE')).data).toEqual({ tab: 'tabAAAAAAAA' });
    expect((await a.next('PAGE_ACTIVE')).data).toEqual({ tab: 'tabAAAAAAAA' });
    const visitor = await openSocket(env.server.url);
    visitor.send('page-active', { tab: 'tabBBBBBBBB' });
    expect((await visitor.next('SOCKET_ERROR')).data).toMatchObject({ code: 'ACCESS_DENIED' });
    for (const s of [a, b, visitor]) s.close();
  });
});

describe('compensation', () => {
  test('the console compensates a player through the ledger: a push, a history entry, once per stamp', async () => {
    const player = await env.server.player('compensated');
    const socket = await player.socket();
    const balance = await balanceOf(player);
    const answer = await simPost(player, '/api/sim/compensations', { name: 'compensated', coins: '12.50', stamp: 'comp-stamp-1' });
    expect(answer.response).toMatchObject({ amount: 1250 });
    expect((await socket.next('WALLET_BALANCE_CHANGED')).data).toMatchObject({ amount: 1250, type: 'compensation', balance: balance + 1250 });
    expect(await balanceOf(player)).toBe(balance + 1250);
    expect(await lastEntry(player)).toMatchObject({ type: 'compensation', amount: 1250 });
    expect((await simPost(player, '/api/sim/compensations', { name: 'compensated', coins: '12.50', stamp: 'comp-stamp-1' })).response).toEqual(answer.response);
    expect(await balanceOf(player)).toBe(balance + 1250);
    socket.close();
    await expectLedgerOk(env.server);
  });

  test('0, negative, malformed amounts and unknown players are refused and move nothing', async () => {
    const player = await env.server.player('not_compensated');
    const balance = await balanceOf(player);
    for (const coins of ['0', '-5', '0.00', 'ten', '']) {
      expect((await simPost(player, '/api/sim/compensations', { name: 'not_compensated', coins })).error).toMatchObject({ error_code: 16 });
    }
    expect((await simPost(player, '/api/sim/compensations', { name: 'nobody_here', coins: '5' })).error).toEqual({ error_code: 30, error_msg: 'User not found.' });
    expect(await balanceOf(player)).toBe(balance);
    await expectLedgerOk(env.server);
  });

  test('the console page carries the form with a fresh stamp', async () => {
    const operator = env.server.client();
    const { body } = await operator.request('/api/sim/payments', { headers: operatorHeaders(operator) });
    const text = String(body.text);
    expect(text).toContain('Compensate a player');
    expect(text).toMatch(/name="stamp" value="[A-Za-z0-9_-]{22}"/);
  });
});
