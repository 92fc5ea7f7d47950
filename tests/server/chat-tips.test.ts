import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NamedError, NumericError } from '../../src/contract/index.ts';
import { parseHash } from '../../src/core/hash-id.ts';
import { balanceOf, chatSocket, messageCount, ok, playerWithScope, refused } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { codeAt, enableSecure, expectLedgerOk, lastEntry, testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

type TipFrame = { message: { origin: string; user_hash: string | null; sender_hash?: string; details: { amount: number; recipient_hash: string; anonymous: boolean } } };

describe('chat-tip', () => {
  test('a tip moves the coins once, even when retried with its stamp, and both players see it live', async () => {
    const sender = await playerWithScope(server, 'tip_sender', 0);
    const recipient = await playerWithScope(server, 'tip_recipient', 0);
    const senderSocket = await chatSocket(sender.client);
    const recipientSocket = await chatSocket(recipient.client);
    const [a0, b0] = [await balanceOf(sender.client), await balanceOf(recipient.client)];
    const prepared = await ok(sender.client, 'chat-tip.prepare', { user_id: parseHash(recipient.hash)! });
    expect(prepared.user.name).toBe('tip_recipient');
    const first = await ok(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 1234, stamp: 'tip-1' });
    const again = await ok(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 1234, stamp: 'tip-1' });
    expect(again).toEqual(first);
    expect(first.balance).toBe(a0 - 1234);
    expect(await balanceOf(sender.client)).toBe(a0 - 1234);
    expect(await balanceOf(recipient.client)).toBe(b0 + 1234);
    for (const socket of [senderSocket, recipientSocket]) {
      const frame = (await socket.next('MSG_CREATED')).data as TipFrame;
      expect(frame.message).toMatchObject({ origin: 'tip', user_hash: sender.hash, details: { amount: 1234, recipient_hash: recipient.hash } });
    }
    expect(await lastEntry(recipient.client)).toMatchObject({ type: 'tip', amount: 1234 });
    // The balance push comes first (its transfer commits before the message is published).
    expect(recipientSocket.frames.filter((f) => f.type === 'WALLET_BALANCE_CHANGED').map((f) => f.data)).toEqual([expect.objectContaining({ type: 'tip', amount: 1234 })]);
    await expectLedgerOk(server);
    senderSocket.close();
    recipientSocket.close();
  });

  test('an anonymous tip names its sender to nobody but the sender', async () => {
    const sender = await playerWithScope(server, 'anon_sender', 0);
    const recipient = await playerWithScope(server, 'anon_recipient', 0);
    const socket = await chatSocket(recipient.client);
    const sent = await ok(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 500, anonymous: 1 });
    expect(sent.message.sender_hash).toBe(sender.hash);
    const frame = (await socket.next('MSG_CREATED')).data as TipFrame & { users: { hash: string }[] };
    expect(frame.message.user_hash).toBeNull();
    expect(frame.message.sender_hash).toBeUndefined();
    expect(frame.users.map((u) => u.hash)).toEqual([recipient.hash]);
    const page = await ok(recipient.client, 'chat.messages', {});
    const served = page.messages.find((m) => m.hash === sent.message.hash)!;
    expect(served.user_hash).toBeNull();
    expect(page.users[sender.hash]).toBeUndefined();
    socket.close();
  });

  test('zero, negative, fractional, too small, above the balance, to oneself and to nobody are refused and nothing moves', async () => {
    const sender = await playerWithScope(server, 'bad_tipper', 0);
    const recipient = await playerWithScope(server, 'badtip_to', 0);
    const before = { a: await balanceOf(sender.client), b: await balanceOf(recipient.client), messages: await messageCount(server) };
    await refused(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 0 }, NumericError.INPUT_ERROR);
    await refused(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: -100 }, NumericError.INPUT_ERROR);
    await refused(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 100.5 }, NumericError.INPUT_ERROR);
    await refused(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 99 }, NumericError.INVALID_DATA);
    await refused(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: before.a + 1 }, NamedError.COMMIT_ERROR);
    await refused(sender.client, 'chat-tip.send', { user_hash: sender.hash, amount: 100 }, NumericError.INVALID_DATA);
    await refused(sender.client, 'chat-tip.send', { user_hash: 'SF99999999', amount: 100 }, NumericError.NOT_FOUND);
    await refused(sender.client, 'chat-tip.prepare', { user_id: parseHash(sender.hash)! }, NumericError.INVALID_DATA);
    await refused(sender.client, 'chat-tip.prepare', { user_id: 99999999 }, NumericError.NOT_FOUND);
    await refused(server.client(), 'chat-tip.send', { user_hash: recipient.hash, amount: 100 }, NumericError.ACCESS_DENIED);
    expect({ a: await balanceOf(sender.client), b: await balanceOf(recipient.client), messages: await messageCount(server) }).toEqual(before);
    await expectLedgerOk(server);
  });

  test('sponsored coins cannot be tipped: only the withdrawable part pays', async () => {
    const sender = await playerWithScope(server, 'sponsored_tipper', 0);
    const recipient = await playerWithScope(server, 'sponsored_to', 0);
    const id = parseHash(sender.hash)!;
    await server.services.db.transaction((tx) => server.services.ledger.lend(tx, id, 50_000));
    const { balance, withdrawable } = await server.services.ledger.split(server.services.db, id);
    await refused(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: withdrawable + 100 }, NamedError.COMMIT_ERROR);
    expect(await balanceOf(sender.client)).toBe(balance);
    await ok(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: withdrawable });
    await expectLedgerOk(server);
  });

  test('need_wager is for scope 4 and above only', async () => {
    const plain = await playerWithScope(server, 'wager_plain', 3);
    const admin = await playerWithScope(server, 'wager_admin', 4);
    const recipient = await playerWithScope(server, 'wager_to', 0);
    await refused(plain.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 100, need_wager: 1 }, NumericError.ACCESS_DENIED);
    const sent = await ok(admin.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 100, need_wager: 1 });
    expect(sent.message.details.need_wager).toBe(true);
  });

  test('a need_wager tip plays but cannot leave until the recipient has wagered as much once', async () => {
    const admin = await playerWithScope(server, 'wager_giver', 4);
    const recipient = await playerWithScope(server, 'wager_taker', 0);
    const third = await playerWithScope(server, 'wager_third', 0);
    const own = await balanceOf(recipient.client);
    await ok(admin.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 3_000, need_wager: 1 });
    const locked = await ok(recipient.client, 'wallet.getRequirements', {});
    expect(locked).toMatchObject({ balance: own + 3_000, withdrawable: own, to_wager: 3_000 });
    expect(locked.requirements).toContainEqual({ type: 'wager', completed: false, title: 'Wager 30.00 more coins to free tipped coins' });

    // The locked coins cannot be tipped on or put in the vault, even 20 at once; nothing moves.
    const before = { mine: await balanceOf(recipient.client), theirs: await balanceOf(third.client), messages: await messageCount(server) };
    await refused(recipient.client, 'chat-tip.send', { user_hash: third.hash, amount: own + 100 }, NamedError.COMMIT_ERROR);
    await refused(recipient.client, 'wallet-vault.deposit', { amount: own + 100 }, NumericError.INVALID_DATA);
    const tries = await Promise.all(Array.from({ length: 20 }, (_, i) => recipient.client.call('chat-tip.send', { user_hash: third.hash, amount: Math.floor(own / 2) + 100, stamp: `lock-${i}` })));
    const paid = tries.filter((t) => !t.error).length;
    expect(paid).toBe(1);
    expect(await balanceOf(recipient.client)).toBe(before.mine - (Math.floor(own / 2) + 100));
    expect(await balanceOf(third.client)).toBe(before.theirs + Math.floor(own / 2) + 100);
    expect((await ok(recipient.client, 'wallet.getRequirements', {})).to_wager).toBe(3_000);

    // Each wager frees its amount, won or lost; what own coins no longer cover stays locked.
    for (let i = 0; i < 3; i += 1) {
      await ok(recipient.client, 'dice.roll', { bet: 1_000, side: 'under', target: 5_000 });
      const now = await ok(recipient.client, 'wallet.getRequirements', {});
      expect(now.to_wager).toBe(Math.max(0, Math.min(3_000 - 1_000 * (i + 1), now.balance)));
      expect(now.withdrawable).toBe(now.balance - now.to_wager);
    }
    const free = await ok(recipient.client, 'wallet.getRequirements', {});
    expect(free.to_wager).toBe(0);
    expect(free.requirements.map((r) => r.type)).not.toContain('wager');
    await ok(recipient.client, 'chat-tip.send', { user_hash: third.hash, amount: free.balance });
    expect(await balanceOf(recipient.client)).toBe(0);
    await expectLedgerOk(server);
  });

  test('a player with 2FA confirms a tip with a code; a wrong one moves nothing', async () => {
    const sender = await playerWithScope(server, 'secure_tipper', 0);
    const recipient = await playerWithScope(server, 'secure_to', 0);
    const secret = await enableSecure(sender.client, clock.now());
    clock.advance(30_000);
    const before = await balanceOf(sender.client);
    await refused(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 100 }, NamedError.SECURE_CODE_REQUIRED);
    await refused(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 100, secure_code: '000000' }, NamedError.SECURE_CODE_REQUIRED);
    expect(await balanceOf(sender.client)).toBe(before);
    await ok(sender.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 100, secure_code: codeAt(secret, clock.now()) });
    expect(await balanceOf(sender.client)).toBe(before - 100);
  });

  test('a kick-tagged sender’s tip is kept from partnered players, except the two involved, the partner’s followers and staff', async () => {
    const kick = await playerWithScope(server, 'kick_streamer', 0);
    await server.services.db.run(`UPDATE users SET tags = '["kick"]' WHERE id = ?`, parseHash(kick.hash));
    const recipient = await playerWithScope(server, 'kick_to', 0);
    const partnered = await playerWithScope(server, 'has_partner', 0);
    const follower = await playerWithScope(server, 'kick_follower', 0);
    const staff = await playerWithScope(server, 'kick_staff', 1);
    const loner = await playerWithScope(server, 'no_partner', 0);
    const other = await playerWithScope(server, 'other_partner', 0);
    const now = clock.now();
    for (const [who, partner] of [[partnered, other], [follower, kick], [staff, other], [recipient, other]] as const) {
      await server.services.db.run('INSERT INTO referrals (user_id, partner_id, code, anonymous, created_at, changed_at) VALUES (?, ?, ?, 0, ?, ?)',
        parseHash(who.hash), parseHash(partner.hash), `code${parseHash(partner.hash)}`, now, now);
    }
    const { message } = await ok(kick.client, 'chat-tip.send', { user_hash: recipient.hash, amount: 100 });
    const sees = async (client: typeof kick.client) => (await ok(client, 'chat.messages', {})).messages.some((m) => m.hash === message.hash);
    expect(await sees(partnered.client)).toBe(false);
    expect(await sees(kick.client)).toBe(true);
    expect(await sees(recipient.client)).toBe(true);
    expect(await sees(follower.client)).toBe(true);
    expect(await sees(staff.client)).toBe(true);
    expect(await sees(loner.client)).toBe(true);
    expect(await sees(server.client())).toBe(true);
  });
});
