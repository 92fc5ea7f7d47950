import { describe, expect, test } from 'vitest';
import type { ChatMessage } from '../../src/contract/index.ts';
import { chatMessageVisible, cleanChatText, parseChatLine, type ChatViewer } from '../../src/core/chat.ts';
import { addMessage, EMPTY_LIST, flushQueue, loadList, queuedLabel, restoreMessage } from '../../src/features/chat/chat-list.ts';

const message = (n: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  hash: `SF${n}`, text: `m${n}`, time: n * 1000, type: 'public', origin: null, details: {}, hidden: false, reply_hash: null, user_hash: 'SF1', ...extra,
});

describe('chat lines (document 2 section 5)', () => {
  test('/tip with an integer is a tip command; other slash lines, /rain and /steal are plain messages', () => {
    expect(parseChatLine('/tip 42')).toEqual({ kind: 'tip', userId: 42 });
    expect(parseChatLine('  /tip 7  ')).toEqual({ kind: 'tip', userId: 7 });
    for (const line of ['/tip', '/tip x', '/tip 4.5', '/tip  4', '/rain now', '/steal', 'hello /tip 3']) expect(parseChatLine(line)).toEqual({ kind: 'message' });
  });

  test('newlines become spaces, control characters go, ends are trimmed', () => {
    expect(cleanChatText(' a\r\nb\tc\u0007\u200b ')).toBe('a b c');
  });
});

describe('who sees a message (document 2 sections 4 and 6)', () => {
  const viewer = (hash: string, scope = 0, partnerHash: string | null = null): ChatViewer => ({ hash, scope, partnerHash });
  const hidden = message(1, { hidden: true, user_hash: 'SF5' });
  test('a hidden message reaches its author and staff only', () => {
    expect(chatMessageVisible(hidden, null)).toBe(false);
    expect(chatMessageVisible(hidden, viewer('SF6'))).toBe(false);
    expect(chatMessageVisible(hidden, viewer('SF5'))).toBe(true);
    expect(chatMessageVisible(hidden, viewer('SF6', 1))).toBe(true);
  });
  test('a kick-tagged tip is kept from partnered players not involved and not following the sender', () => {
    const tip = message(2, { origin: 'tip', user_hash: 'SF10', details: { kick: true, recipient_hash: 'SF11', amount: 100 } });
    expect(chatMessageVisible(tip, viewer('SF12', 0, 'SF99'))).toBe(false);
    expect(chatMessageVisible(tip, viewer('SF12', 0, 'SF10'))).toBe(true);
    expect(chatMessageVisible(tip, viewer('SF11', 0, 'SF99'))).toBe(true);
    expect(chatMessageVisible(tip, viewer('SF12', 0, null))).toBe(true);
    expect(chatMessageVisible(tip, viewer('SF12', 2, 'SF99'))).toBe(true);
    expect(chatMessageVisible(tip, null)).toBe(true);
  });
});

describe('the list (document 2 section 9)', () => {
  test('past 100 messages the oldest 50 are dropped', () => {
    let state = loadList([], {});
    for (let i = 1; i <= 101; i++) state = addMessage(state, message(i), [], false);
    expect(state.messages).toHaveLength(51);
    expect(state.messages[0]!.hash).toBe('SF51');
  });
  test('while locked messages queue (the label caps at 50+), and unlocking merges them once', () => {
    let state = addMessage(EMPTY_LIST, message(1), [], false);
    for (let i = 2; i <= 60; i++) state = addMessage(state, message(i), [], true);
    state = addMessage(state, message(60), [], true);
    expect(state.messages).toHaveLength(1);
    expect(state.queued).toBe(59);
    expect(state.queue).toHaveLength(50);
    expect(queuedLabel(state.queued)).toBe('50+');
    expect(queuedLabel(7)).toBe('7');
    state = flushQueue(state);
    expect(state.queued).toBe(0);
    expect(state.messages.map((m) => m.hash).slice(0, 2)).toEqual(['SF1', 'SF11']);
  });
  test('an unhidden message returns at its place in time', () => {
    const state = restoreMessage(loadList([message(1), message(3)], {}), message(2), []);
    expect(state.messages.map((m) => m.hash)).toEqual(['SF1', 'SF2', 'SF3']);
  });
});
