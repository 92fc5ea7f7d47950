import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACHIEVEMENTS } from '../../src/core/achievements.ts';
import { grantBadge, revokeBadge } from '../../sim-server/domains/account/badges.ts';
import { cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import { chatSocket } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const idOf = async (name: string) => (await server.services.db.get<{ id: number }>('SELECT id FROM users WHERE name = ?', name))!.id;
const shown = async (name: string) => (await server.services.db.get<{ badge: string | null }>('SELECT badge FROM users WHERE name = ?', name))!.badge;
const me = async (client: Client) => {
  const answer = await ok(client, 'user.getUser');
  if (!('user_wallet' in answer)) throw new Error('expected account data');
  return answer;
};

describe('account badges', () => {
  test('an achievement brings its badge; the player shows it on the profile and the widget, and clears it', async () => {
    const ann = await server.player('badge_ann');
    expect(await ok(ann, 'account.badges')).toEqual({ badges: [], shown: null });
    await openCases(ann, (await cheapestCase(ann)).hash, 1);
    const { badges } = await ok(ann, 'account.badges');
    const first = ACHIEVEMENTS.find((a) => a.key === 'first_case')!;
    expect(badges).toEqual([{ key: 'first_case', title: first.title, rarity: first.rarity, source: 'achievement', how: first.rule, since: expect.any(Number) }]);

    expect(await ok(ann, 'account.set-badge', { badge: 'first_case' })).toEqual({ success: true, info: { avatar: null, pattern: null, badge: 'first_case' } });
    const hash = (await me(ann)).user.hash;
    expect((await me(ann)).user.info.badge).toBe('first_case');
    expect((await ok(server.client(), 'user.getUser', { user_name: 'badge_ann' })).user.info.badge).toBe('first_case');
    expect((await ok(server.client(), 'user.widget', { user_hash: hash })).user.info.badge).toBe('first_case');
    expect((await ok(ann, 'account.badges')).shown).toBe('first_case');

    expect(await ok(ann, 'account.clearInfo', { value: 'badge' })).toEqual({ success: true, info: { avatar: null, pattern: null, badge: null } });
    expect(await shown('badge_ann')).toBeNull();
    // Without an uploaded avatar, clearing it leaves the default one (customize.test.ts clears an upload).
    expect(await ok(ann, 'account.clearInfo', { value: 'avatar' })).toEqual({ success: true, info: { avatar: null, pattern: null, badge: null } });
    expect((await ann.call('account.clearInfo', { value: 'hat' })).error).toMatchObject({ error_code: 16 });
  });

  test('the chat carries the shown badge with its author: the live line, the history and the sender; a hidden badge is gone from the next line', async () => {
    const fay = await server.player('badge_fay');
    const reader = await server.player('badge_reader');
    const hash = (await me(fay)).user.hash;
    await openCases(fay, (await cheapestCase(fay)).hash, 1);
    await ok(fay, 'account.set-badge', { badge: 'first_case' });
    const socket = await chatSocket(reader);
    const sent = await ok(fay, 'chat.send', { text: 'badge in chat' });
    const live = (await socket.next('MSG_CREATED')).data as { message: { hash: string }; users: { hash: string; info: { badge: string | null } }[] };
    expect(live.message.hash).toBe(sent.message.hash);
    expect(live.users.find((u) => u.hash === hash)!.info.badge).toBe('first_case');
    const history = await ok(server.client(), 'chat.messages', { count: 50 });
    expect(history.messages.some((m) => m.hash === sent.message.hash)).toBe(true);
    expect(history.users[hash]!.info.badge).toBe('first_case');
    expect((await ok(fay, 'chat.messages', { count: 1 })).me!.info.badge).toBe('first_case');

    await ok(fay, 'account.clearInfo', { value: 'badge' });
    expect((await ok(server.client(), 'chat.messages', { count: 50 })).users[hash]!.info.badge).toBeNull();
    socket.close();
  });

  test('a badge the player does not own, an unknown one or a visitor is refused and nothing changes', async () => {
    const bob = await server.player('badge_bob');
    await openCases(bob, (await cheapestCase(bob)).hash, 1);
    await ok(bob, 'account.set-badge', { badge: 'first_case' });
    for (const badge of ['level_50', 'staff', 'no_such_badge']) {
      expect((await bob.call('account.set-badge', { badge })).error).toMatchObject({ error_code: 19 });
      expect(await shown('badge_bob')).toBe('first_case');
    }
    expect((await bob.call('account.set-badge', {})).error).toMatchObject({ error_code: 16 });
    expect((await server.client().call('account.set-badge', { badge: 'first_case' })).error).toMatchObject({ error_code: 15 });
    expect((await server.client().call('account.badges')).error).toMatchObject({ error_code: 15 });
  });

  test('a grant (the door partners and staff use) gives a badge once; revoking it stops it showing', async () => {
    const cid = await server.player('badge_cid');
    const id = await idOf('badge_cid');
    const grant = () => server.services.db.transaction((tx) => grantBadge(tx, id, 'referral', 'partner:1', Date.now()));
    expect(await grant()).toBe(true);
    expect(await grant()).toBe(false);
    expect((await ok(cid, 'account.badges')).badges.map((b) => [b.key, b.source])).toEqual([['referral', 'grant']]);
    await ok(cid, 'account.set-badge', { badge: 'referral' });
    await server.services.db.transaction((tx) => revokeBadge(tx, id, 'referral'));
    expect((await ok(cid, 'account.badges'))).toEqual({ badges: [], shown: null });
    expect((await me(cid)).user.info.badge).toBeNull();
  });
});

describe('account markers', () => {
  test('markers are set once with their time, read back with the account, and survive a new session', async () => {
    const dan = await server.player('mark_dan');
    expect((await me(dan)).marks).toEqual({});
    const first = await ok(dan, 'account.applyMarkers', { mark: 'assistant_welcome,assistant_cases' });
    expect(Object.keys(first.marks)).toEqual(['assistant_cases', 'assistant_welcome']);
    // Setting one again keeps its first time; an empty list is a no-op.
    const again = await ok(dan, 'account.applyMarkers', { mark: 'assistant_welcome' });
    expect(again.marks).toEqual(first.marks);
    expect((await ok(dan, 'account.applyMarkers', { mark: '' })).marks).toEqual(first.marks);
    const other = await server.player('mark_dan');
    expect((await me(other)).marks).toEqual(first.marks);
  });

  test('a bad marker name, too many markers or a visitor is refused and nothing is stored', async () => {
    const eve = await server.player('mark_eve');
    const rows = async () => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM account_marks WHERE user_id = ?', await idOf('mark_eve')))!.n;
    expect((await eve.call('account.applyMarkers', { mark: 'ok_one,Bad Name' })).error).toMatchObject({ error_code: 16 });
    expect((await eve.call('account.applyMarkers', { mark: 'x'.repeat(65) })).error).toMatchObject({ error_code: 16 });
    expect(await rows()).toBe(0);
    for (let batch = 0; batch < 4; batch++) {
      await ok(eve, 'account.applyMarkers', { mark: Array.from({ length: 50 }, (_, i) => `m${batch}_${i}`).join(',') });
    }
    expect(await rows()).toBe(200);
    expect((await eve.call('account.applyMarkers', { mark: 'one_more' })).error).toMatchObject({ error_code: 19 });
    expect(await rows()).toBe(200);
    expect((await server.client().call('account.applyMarkers', { mark: 'assistant_welcome' })).error).toMatchObject({ error_code: 15 });
  });
});
