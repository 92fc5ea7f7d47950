import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { SEND_DELAY_MS } from '../../sim-server/domains/chat/runtime.ts';
import { chatSocket, hashOf, messageCount, ok, refused } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

describe('chat.send and chat.messages', () => {
  test('a message is seen live by another player and served by chat.messages, with its author', async () => {
    const alice = await server.player('alice_chat');
    const bob = await server.player('bobchat');
    const bobSocket = await chatSocket(bob);
    const sent = await ok(alice, 'chat.send', { text: '  hello   arena ::smile_0:: ' });
    expect(sent.message.text).toBe('hello   arena ::smile_0::');
    expect(sent.send_after).toBe(clock.now() + SEND_DELAY_MS);
    const frame = await bobSocket.next('MSG_CREATED');
    const live = frame.data as { message: { hash: string; text: string; user_hash: string }; users: { hash: string; name: string }[] };
    expect(live.message.hash).toBe(sent.message.hash);
    expect(live.users.map((u) => u.name)).toEqual(['alice_chat']);
    const page = await ok(server.client(), 'chat.messages', { count: 50 });
    expect(page.messages.at(-1)!.text).toBe('hello   arena ::smile_0::');
    expect(page.users[live.message.user_hash]!.name).toBe('alice_chat');
    expect(page.bundles.map((b) => b.key)).toEqual(['smile', 'arena', 'hands', 'elite']);
    // The card pack is served (messages draw it) but locked for a visitor (docs/decisions/0034).
    expect(page.bundles.at(-1)!.tags).toEqual(['card', 'locked']);
    expect(page.online).toBeGreaterThanOrEqual(1);
    bobSocket.close();
  });

  test('a reply names the message it answers; a reply to a missing message is refused', async () => {
    const carol = await server.player('carolchat');
    const first = (await ok(server.client(), 'chat.messages', {})).messages.at(-1)!;
    const reply = await ok(carol, 'chat.send', { text: 'hi back', reply_hash: first.hash });
    expect(reply.message.reply_hash).toBe(first.hash);
    clock.advance(SEND_DELAY_MS);
    const before = await messageCount(server);
    await refused(carol, 'chat.send', { text: 'to nobody', reply_hash: 'SF999999' }, NumericError.INVALID_DATA);
    expect(await messageCount(server)).toBe(before);
  });

  test('empty, blank, too long and visitor messages are refused and nothing is written', async () => {
    const dave = await server.player('davechat');
    const before = await messageCount(server);
    await refused(dave, 'chat.send', { text: '' }, NumericError.INPUT_ERROR);
    await refused(dave, 'chat.send', { text: '   ' }, NumericError.INPUT_ERROR);
    await refused(dave, 'chat.send', { text: '\n\t' }, NumericError.INPUT_ERROR);
    await refused(dave, 'chat.send', { text: 'x'.repeat(201) }, NumericError.INPUT_ERROR);
    await refused(server.client(), 'chat.send', { text: 'visitor here' }, NumericError.ACCESS_DENIED);
    expect(await messageCount(server)).toBe(before);
    await ok(dave, 'chat.send', { text: 'y'.repeat(200) });
  });

  test('the cooldown refuses a second message until it runs out, and chat.messages tells when', async () => {
    const erin = await server.player('erinchat');
    await ok(erin, 'chat.send', { text: 'one' });
    const before = await messageCount(server);
    await refused(erin, 'chat.send', { text: 'two' }, NumericError.INVALID_DATA);
    expect(await messageCount(server)).toBe(before);
    const page = await ok(erin, 'chat.messages', {});
    expect(page.user_timeout).toBe(SEND_DELAY_MS / 1000);
    expect(page.send_after).toBe(clock.now() + SEND_DELAY_MS);
    clock.advance(SEND_DELAY_MS);
    await ok(erin, 'chat.send', { text: 'two' });
  });

  test('a repeated text is refused as spam, and a flood past five messages in 20 s is refused', async () => {
    const frank = await server.player('frankchat');
    await ok(frank, 'chat.send', { text: 'buy now' });
    clock.advance(SEND_DELAY_MS);
    await refused(frank, 'chat.send', { text: 'BUY NOW' }, NumericError.INVALID_DATA);
    for (let i = 0; i < 4; i++) {
      await ok(frank, 'chat.send', { text: `line ${i}` });
      clock.advance(SEND_DELAY_MS);
    }
    const before = await messageCount(server);
    const message = await refused(frank, 'chat.send', { text: 'sixth' }, NumericError.INVALID_DATA);
    expect(message).toBe('Not so fast! Slow down with your messages.');
    expect(await messageCount(server)).toBe(before);
    clock.advance(20_000);
    await ok(frank, 'chat.send', { text: 'calm again' });
  });

  test('newlines become spaces and markup characters stay plain text', async () => {
    const gina = await server.player('ginachat');
    const sent = await ok(gina, 'chat.send', { text: 'a\nb <b>c</b>' });
    expect(sent.message.text).toBe('a b <b>c</b>');
    expect(await hashOf(gina)).toBe(sent.message.user_hash);
  });
});

test('the last 100 messages and the cooldown survive a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'arena-chat-restart-'));
  const restartClock = testClock();
  try {
    let first = await startServer({ dataDir, now: restartClock.now });
    const players = [await first.player('restart_a'), await first.player('restart_b')];
    for (let i = 0; i < 120; i++) {
      await ok(players[i % 2]!, 'chat.send', { text: `message ${i}` });
      restartClock.advance(SEND_DELAY_MS * 2);
    }
    restartClock.at -= SEND_DELAY_MS * 2;
    await first.close();
    const second = await startServer({ dataDir, now: restartClock.now });
    first = second;
    const page = await ok(second.client(), 'chat.messages', { count: 100 });
    expect(page.messages).toHaveLength(100);
    expect(page.messages[0]!.text).toBe('message 20');
    expect(page.messages.at(-1)!.text).toBe('message 119');
    const last = await second.player('restart_b');
    await refused(last, 'chat.send', { text: 'too soon after the restart' }, NumericError.INVALID_DATA);
    expect((await ok(last, 'chat.messages', {})).send_after).toBeGreaterThan(restartClock.now());
    await second.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
