import { describe, expect, test } from 'vitest';
import type { StealGame } from '../../src/contract/index.ts';
import { stealMarksOf } from '../../src/features/chat/steal-marks.ts';
import { laterStealGame } from '../../src/features/chat/steal-progress.ts';

const player = (hash: string | null) => ({ hash, decision_hashed: null, decision: null, salt: null, reward: 0 });
const game = (over: Partial<StealGame>): StealGame => ({
  hash: 'SF0000000001', status: 'battling', anonymous: false, reward: 1_000, conditions: {}, captcha: { challenge: 'c', difficulty: 8 }, participants: 3,
  players: [player('SF0000000002'), player('SF0000000003')], winners: 2, roulette: null, players_hashes: [], states: { roll_at: 0, battle_at: 0, end_at: 0 },
  beacon: null, result: null, ...over,
});

// Document 2 section 4: a battling game's players get a marker in the chat, and opponents are highlighted unless the game is anonymous.
describe('split-or-steal marks in the chat', () => {
  test('a watcher sees both players marked; a picked player sees the other as their opponent', () => {
    expect([...stealMarksOf(game({}), null)]).toEqual([['SF0000000002', 'player'], ['SF0000000003', 'player']]);
    expect([...stealMarksOf(game({}), 0)]).toEqual([['SF0000000002', 'player'], ['SF0000000003', 'opponent']]);
  });

  test('nothing is marked before or after the battle, nor in an anonymous game', () => {
    for (const status of ['waiting', 'rolling', 'closed'] as const) expect(stealMarksOf(game({ status }), 0).size).toBe(0);
    expect(stealMarksOf(game({ anonymous: true, players: [player(null), player(null)] }), 1).size).toBe(0);
    expect(stealMarksOf(null, null).size).toBe(0);
  });
});

// A read over HTTP can answer after the socket frame that moved the game on (chat-steal.spec failed on a busy CI machine that way).
describe('a late read of the running game', () => {
  const decided = (hash: string) => ({ ...player(hash), decision_hashed: 'h' });
  const closed = game({ status: 'closed', result: 'steal', players: [decided('SF0000000002'), decided('SF0000000003')] });
  const oneDecided = game({ players: [decided('SF0000000002'), player('SF0000000003')] });

  test('never takes the game back: a closed game stays closed, a decision stays made', () => {
    expect(laterStealGame(closed, oneDecided)).toBe(closed);
    expect(laterStealGame(oneDecided, game({}))).toBe(oneDecided);
    expect(laterStealGame(game({ status: 'waiting', participants: 5 }), game({ status: 'waiting', participants: 4 }))?.participants).toBe(5);
  });

  test('a read that is as far on or further, or of another game, is shown', () => {
    expect(laterStealGame(game({}), oneDecided)).toBe(oneDecided);
    expect(laterStealGame(oneDecided, closed)).toBe(closed);
    const same = game({});
    expect(laterStealGame(game({}), same)).toBe(same);
    const next = game({ hash: 'SF0000000009', status: 'waiting', participants: 0 });
    expect(laterStealGame(closed, next)).toBe(next);
    expect(laterStealGame(undefined, next)).toBe(next);
    expect(laterStealGame(closed, null)).toBeNull();
  });
});
