import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { SEND_DELAY_MS } from '../../sim-server/domains/chat/runtime.ts';
import { chatSocket, messageCount, ok, playerWithScope, refused } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

const DAY = 86_400;
const nowS = () => Math.floor(clock.now() / 1000);

/** A fresh message by a fresh ordinary player. */
async function victimMessage(name: string) {
  const victim = await playerWithScope(server, name, 0);
  const { message } = await ok(victim.client, 'chat.send', { text: `words of ${name}` });
  return { ...victim, message };
}

describe('moderation by scope (document 2 section 6)', () => {
  test('an ordinary player (scope 0) can pause, delete, hide and ban nothing', async () => {
    const plain = await playerWithScope(server, 'plain_mod', 0);
    const target = await victimMessage('target_zero');
    await refused(plain.client, 'chat.pause', { pause: 1 }, NumericError.ACCESS_DENIED);
    await refused(plain.client, 'chat.delete', { hash: target.message.hash }, NumericError.ACCESS_DENIED);
    await refused(plain.client, 'chat.hide', { hash: target.message.hash, hide: 1 }, NumericError.ACCESS_DENIED);
    await refused(plain.client, 'chat.ban', { user_hash: target.hash, duration: 60, ban: 1 }, NumericError.ACCESS_DENIED);
    const page = await ok(server.client(), 'chat.messages', {});
    expect(page.paused).toBe(false);
    expect(page.messages.some((m) => m.hash === target.message.hash)).toBe(true);
    expect(page.users[target.hash]!.banned).toBe(false);
  });

  for (const scope of [1, 2, 3, 4, 5]) {
    test(`scope ${scope} hides, unhides, deletes and bans others, but never hides or bans their own`, async () => {
      const mod = await playerWithScope(server, `mod_scope${scope}`, scope);
      const watcher = await server.player(`watch_scope${scope}`);
      const socket = await chatSocket(watcher);
      const target = await victimMessage(`victim_s${scope}`);

      await ok(mod.client, 'chat.hide', { hash: target.message.hash, hide: 1 });
      expect((await socket.next('MSG_HIDDEN')).data).toEqual({ hash: target.message.hash });
      // Hidden: gone for visitors and other players, kept for its author, shown to staff asking for it.
      expect((await ok(server.client(), 'chat.messages', {})).messages.some((m) => m.hash === target.message.hash)).toBe(false);
      expect((await ok(watcher, 'chat.messages', {})).messages.some((m) => m.hash === target.message.hash)).toBe(false);
      expect((await ok(target.client, 'chat.messages', {})).messages.find((m) => m.hash === target.message.hash)?.hidden).toBe(true);
      expect((await ok(mod.client, 'chat.messages', { fields: 'hidden' })).messages.find((m) => m.hash === target.message.hash)?.hidden).toBe(true);
      await refused(mod.client, 'chat.hide', { hash: target.message.hash, hide: 1 }, NumericError.INVALID_DATA);

      await ok(mod.client, 'chat.hide', { hash: target.message.hash, hide: 0 });
      const unhidden = (await socket.next('MSG_UNHIDDEN')).data as { message: { hash: string; hidden: boolean } };
      expect(unhidden.message).toMatchObject({ hash: target.message.hash, hidden: false });

      const { message: own } = await ok(mod.client, 'chat.send', { text: `staff note ${scope}` });
      await refused(mod.client, 'chat.hide', { hash: own.hash, hide: 1 }, NumericError.ACCESS_DENIED);
      await refused(mod.client, 'chat.ban', { user_hash: mod.hash, duration: 60, ban: 1 }, NumericError.ACCESS_DENIED);

      await ok(mod.client, 'chat.delete', { hash: target.message.hash });
      expect((await socket.next('MSG_DELETED')).data).toEqual({ hash: target.message.hash });
      expect((await ok(mod.client, 'chat.messages', { fields: 'hidden' })).messages.some((m) => m.hash === target.message.hash)).toBe(false);
      await refused(mod.client, 'chat.delete', { hash: target.message.hash }, NumericError.NOT_FOUND);

      await ok(mod.client, 'chat.ban', { user_hash: target.hash, duration: 3600, ban: 1 });
      const banned = (await socket.next('CHAT_USER_BANNED')).data as { user: { hash: string; banned: boolean; tags: string[]; banned_until: number } };
      expect(banned.user).toMatchObject({ hash: target.hash, banned: true, banned_until: nowS() + 3600 });
      expect(banned.user.tags).toContain('ban_chat');
      clock.advance(SEND_DELAY_MS);
      const before = await messageCount(server);
      await refused(target.client, 'chat.send', { text: 'let me speak' }, NumericError.ACCESS_DENIED);
      expect(await messageCount(server)).toBe(before);
      await ok(mod.client, 'chat.ban', { user_hash: target.hash, ban: 0 });
      await ok(target.client, 'chat.send', { text: 'thanks for the unban' });
      socket.close();
    });
  }

  test('staff cannot ban staff of their rank or above; a higher scope can', async () => {
    const mod = await playerWithScope(server, 'rank_mod', 1);
    const other = await playerWithScope(server, 'rank_mod2', 1);
    const owner = await playerWithScope(server, 'rank_owner', 5);
    await refused(mod.client, 'chat.ban', { user_hash: other.hash, duration: 60, ban: 1 }, NumericError.ACCESS_DENIED);
    await refused(mod.client, 'chat.ban', { user_hash: owner.hash, duration: 60, ban: 1 }, NumericError.ACCESS_DENIED);
    await ok(owner.client, 'chat.ban', { user_hash: mod.hash, duration: 60, ban: 1 });
    await refused(mod.client, 'chat.send', { text: 'banned moderator' }, NumericError.ACCESS_DENIED);
    expect((await ok(other.client, 'chat.send', { text: 'still free' })).message.user_hash).toBe(other.hash);
  });

  test('ban durations outside one minute to 365 days, or a ban without one, are refused', async () => {
    const mod = await playerWithScope(server, 'clamp_mod', 2);
    const target = await playerWithScope(server, 'clamp_target', 0);
    for (const duration of [0, 59, 365 * DAY + 1, 1.5, -60]) {
      await refused(mod.client, 'chat.ban', { user_hash: target.hash, duration, ban: 1 }, NumericError.INPUT_ERROR);
    }
    await refused(mod.client, 'chat.ban', { user_hash: target.hash, ban: 1 }, NumericError.INPUT_ERROR);
    expect((await ok(server.client(), 'chat.messages', {})).users[target.hash]).toBeUndefined();
    await ok(mod.client, 'chat.ban', { user_hash: target.hash, duration: 365 * DAY, ban: 1 });
    await ok(mod.client, 'chat.ban', { user_hash: target.hash, ban: 0 });
  });

  test('a ban ends by itself when its time is up', async () => {
    const mod = await playerWithScope(server, 'timed_mod', 1);
    const target = await playerWithScope(server, 'timed_target', 0);
    await ok(mod.client, 'chat.ban', { user_hash: target.hash, duration: 60, ban: 1 });
    await refused(target.client, 'chat.send', { text: 'muzzled' }, NumericError.ACCESS_DENIED);
    clock.advance(61_000);
    const { message } = await ok(target.client, 'chat.send', { text: 'free again' });
    expect(message.text).toBe('free again');
  });

  test('a pause stops ordinary players only, and is announced', async () => {
    const mod = await playerWithScope(server, 'pause_mod', 1);
    const plain = await playerWithScope(server, 'pause_plain', 0);
    const socket = await chatSocket(plain.client);
    await ok(mod.client, 'chat.pause', { pause: 1 });
    expect((await socket.next('CHAT_PAUSED')).data).toEqual({ paused: true });
    expect((await ok(server.client(), 'chat.messages', {})).paused).toBe(true);
    await refused(plain.client, 'chat.send', { text: 'anyone?' }, NumericError.INVALID_DATA);
    clock.advance(SEND_DELAY_MS);
    await ok(mod.client, 'chat.send', { text: 'staff still talk' });
    await ok(mod.client, 'chat.pause', { pause: 0 });
    expect((await socket.next('CHAT_PAUSED')).data).toEqual({ paused: false });
    await ok(plain.client, 'chat.send', { text: 'back' });
    socket.close();
  });
});

describe('mutes', () => {
  test('a player mutes another for 1, 7 or 30 days, lists and lifts them', async () => {
    const me = await playerWithScope(server, 'muter', 0);
    const noisy = await Promise.all(['noisy_a', 'noisy_b', 'noisy_c'].map((n) => playerWithScope(server, n, 0)));
    for (const [i, days] of [1, 7, 30].entries()) {
      await ok(me.client, 'chat-mute.mute', { user_hash: noisy[i]!.hash, expire: nowS() + days * DAY });
    }
    const list = await ok(me.client, 'chat-mute.loadMuted', {});
    expect(list.muted).toEqual({ [noisy[0]!.hash]: nowS() + DAY, [noisy[1]!.hash]: nowS() + 7 * DAY, [noisy[2]!.hash]: nowS() + 30 * DAY });
    expect(list.users[noisy[2]!.hash]!.name).toBe('noisy_c');
    expect(await ok(me.client, 'chat-mute.unmute', { user_hash: noisy[1]!.hash })).toEqual({ success: true });
    expect(await ok(me.client, 'chat-mute.unmute', { user_hash: noisy[1]!.hash })).toEqual({ success: false });
    clock.advance(DAY * 1000 + 1000);
    await me.client.renew();
    expect(Object.keys((await ok(me.client, 'chat-mute.loadMuted', {})).muted)).toEqual([noisy[2]!.hash]);
  });

  test('other lengths, oneself, staff and visitors are refused and nothing is muted', async () => {
    const me = await playerWithScope(server, 'muter_two', 0);
    const target = await playerWithScope(server, 'mute_target', 0);
    const staff = await playerWithScope(server, 'mute_staff', 1);
    await refused(me.client, 'chat-mute.mute', { user_hash: target.hash, expire: nowS() + 2 * DAY }, NumericError.INPUT_ERROR);
    await refused(me.client, 'chat-mute.mute', { user_hash: target.hash, expire: nowS() - DAY }, NumericError.INPUT_ERROR);
    await refused(me.client, 'chat-mute.mute', { user_hash: me.hash, expire: nowS() + DAY }, NumericError.INVALID_DATA);
    await refused(me.client, 'chat-mute.mute', { user_hash: staff.hash, expire: nowS() + DAY }, NumericError.ACCESS_DENIED);
    await refused(me.client, 'chat-mute.mute', { user_hash: 'SF99999999', expire: nowS() + DAY }, NumericError.NOT_FOUND);
    await refused(server.client(), 'chat-mute.mute', { user_hash: target.hash, expire: nowS() + DAY }, NumericError.ACCESS_DENIED);
    await refused(server.client(), 'chat-mute.loadMuted', {}, NumericError.ACCESS_DENIED);
    expect((await ok(me.client, 'chat-mute.loadMuted', {})).muted).toEqual({});
  });
});
