import { createHash, createHmac } from 'node:crypto';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  TICKET_MAX,
  battleNonce,
  fairTicket,
  hashDecision,
  partyTierTicket,
  pickByTicket,
  randomClientSeed,
  sha256Hex,
  tiebreakNonce,
  ticketFromHex,
  validateRanges,
} from '../../src/core/fair-ticket.ts';

describe('fairTicket', () => {
  test('the spec test vector gives 30193, 2228, 4979, 82716 for nonces 0 to 3', () => {
    const tickets = [0, 1, 2, 3].map((nonce) => fairTicket('server seed', 'client seed', nonce, 100_000));
    expect(tickets).toEqual([30193, 2228, 4979, 82716]);
  });

  test('the maximum defaults to 100000', () => {
    expect(TICKET_MAX).toBe(100_000);
    expect(fairTicket('server seed', 'client seed', 0)).toBe(30193);
  });

  test('matches an HMAC-SHA256 computed by Node for any key, seed and nonce', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), fc.integer({ min: 1, max: 1_000_000 }), (key, seed, nonce, max) => {
        const hex = createHmac('sha256', key).update(`${seed}-${nonce}`).digest('hex');
        expect(fairTicket(key, seed, nonce, max)).toBe((Number.parseInt(hex.slice(0, 7), 16) % max) + 1);
      }),
      { numRuns: 200 },
    );
  });

  test('keys used in turn (players rolling between each other, more of them than are kept) each give their own tickets', () => {
    const nodeTicket = (key: string, seed: string, nonce: number) => (Number.parseInt(createHmac('sha256', key).update(`${seed}-${nonce}`).digest('hex').slice(0, 7), 16) % 100_000) + 1;
    for (let round = 0; round < 3; round++) {
      for (let player = 0; player < 100; player++) {
        const key = `server seed ${player}`;
        const seed = `client ${player % 7}`;
        expect(fairTicket(key, seed, round)).toBe(nodeTicket(key, seed, round));
      }
    }
  });

  test('always lands in 1..max', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), fc.integer({ min: 1, max: 2 ** 30 }), (key, seed, nonce, max) => {
        const ticket = fairTicket(key, seed, nonce, max);
        expect(Number.isInteger(ticket)).toBe(true);
        expect(ticket).toBeGreaterThanOrEqual(1);
        expect(ticket).toBeLessThanOrEqual(max);
      }),
    );
  });

  test('a negative or fractional nonce and a zero max are refused', () => {
    expect(() => fairTicket('k', 's', -1)).toThrow(RangeError);
    expect(() => fairTicket('k', 's', 1.5)).toThrow(RangeError);
    expect(() => fairTicket('k', 's', 1, 0)).toThrow(RangeError);
  });
});

describe('ticketFromHex and partyTierTicket', () => {
  test('only the first seven hex digits count', () => {
    expect(ticketFromHex('0000010ffff', 100)).toBe(17);
    expect(ticketFromHex('FFFFFFF', 10)).toBe((0xfffffff % 10) + 1);
  });

  test('party tier ticket is the first seven hex digits of the seed modulo participants, plus one', () => {
    expect(partyTierTicket('000000a9c3', 4)).toBe((10 % 4) + 1);
    expect(partyTierTicket('abcdef0123', 1)).toBe(1);
  });

  test('a seed that does not start with seven hex digits is refused rather than giving NaN', () => {
    expect(() => partyTierTicket('xyz', 3)).toThrow(RangeError);
    expect(() => partyTierTicket('abc', 3)).toThrow(RangeError);
  });

  test('party tier ticket stays within 1..participants', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), fc.integer({ min: 1, max: 10_000 }), (seed, participants) => {
        const ticket = partyTierTicket(seed, participants);
        expect(ticket).toBeGreaterThanOrEqual(1);
        expect(ticket).toBeLessThanOrEqual(participants);
      }),
    );
  });
});

describe('battle nonces', () => {
  test('round r, seat s of n seats uses nonce (r - 1) * n + s', () => {
    expect(battleNonce(1, 1, 4)).toBe(1);
    expect(battleNonce(1, 4, 4)).toBe(4);
    expect(battleNonce(3, 2, 4)).toBe(10);
  });

  test('every seat of every round gets its own nonce, in order', () => {
    const nonces = [1, 2, 3].flatMap((round) => [1, 2, 3, 4, 5].map((seat) => battleNonce(round, seat, 5)));
    expect(nonces).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  test('the tiebreak uses the nonce after the last drop', () => {
    expect(tiebreakNonce(3, 4)).toBe(13);
  });

  test('a seat past the seat count is refused', () => {
    expect(() => battleNonce(1, 3, 2)).toThrow(RangeError);
    expect(() => battleNonce(0, 1, 2)).toThrow(RangeError);
  });
});

describe('hashes and commitments', () => {
  test('sha256Hex matches Node for any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
      }),
      { numRuns: 100 },
    );
  });

  test('sha256Hex of "abc" is the FIPS 180-2 digest', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('a decision commitment is SHA-256 of decision, dash, salt', () => {
    expect(hashDecision('split', 'salt123')).toBe(sha256Hex('split-salt123'));
    expect(hashDecision('split', 'salt123')).not.toBe(hashDecision('steal', 'salt123'));
  });
});

describe('randomClientSeed', () => {
  test('gives ten letters or digits by default', () => {
    const seed = randomClientSeed();
    expect(seed).toMatch(/^[a-zA-Z0-9]{10}$/);
  });

  test('two seeds differ', () => {
    expect(randomClientSeed()).not.toBe(randomClientSeed());
  });

  test('honours a length and draws from the given random source', () => {
    const zeros = (bytes: Uint8Array<ArrayBuffer>) => bytes.fill(0);
    expect(randomClientSeed(4, zeros)).toBe('aaaa');
  });

  test('skips bytes that would bias the alphabet', () => {
    let call = 0;
    const source = (bytes: Uint8Array<ArrayBuffer>) => {
      bytes.set(call++ === 0 ? [255, 0, 248] : [1, 1, 1]);
      return bytes;
    };
    expect(randomClientSeed(3, source)).toBe('abb');
  });
});

describe('ticket ranges', () => {
  const items = [
    { name: 'a', range: [1, 10] as const },
    { name: 'b', range: [11, 99_990] as const },
    { name: 'c', range: [99_991, 100_000] as const },
  ];

  test('the ticket picks the item whose range holds it, bounds included', () => {
    expect(pickByTicket(items, 1)?.name).toBe('a');
    expect(pickByTicket(items, 10)?.name).toBe('a');
    expect(pickByTicket(items, 11)?.name).toBe('b');
    expect(pickByTicket(items, 100_000)?.name).toBe('c');
  });

  test('a ticket outside every range picks nothing', () => {
    expect(pickByTicket(items, 0)).toBeNull();
    expect(pickByTicket(items, 100_001)).toBeNull();
  });

  test('ranges covering 1..max exactly once are accepted in any order', () => {
    expect(validateRanges(items)).toBeNull();
    expect(validateRanges(items.toReversed())).toBeNull();
  });

  test('a gap is named', () => {
    const gap = [{ range: [1, 10] as const }, { range: [12, 100_000] as const }];
    expect(validateRanges(gap)).toBe('Tickets 11..11 belong to no item');
  });

  test('an overlap is named', () => {
    const overlap = [{ range: [1, 10] as const }, { range: [8, 100_000] as const }];
    expect(validateRanges(overlap)).toBe('Tickets 8..10 belong to more than one item');
    const sharedBound = [{ range: [1, 10] as const }, { range: [10, 100_000] as const }];
    expect(validateRanges(sharedBound)).toBe('Tickets 10..10 belong to more than one item');
  });

  test('ranges that stop short of or run past max are refused', () => {
    expect(validateRanges([{ range: [1, 99] }], 100)).toBe('Tickets 100..100 belong to no item');
    expect(validateRanges([{ range: [1, 101] }], 100)).toBe('Tickets 101..101 are past the maximum 100');
    expect(validateRanges([{ range: [2, 100] }], 100)).toBe('Tickets 1..1 belong to no item');
  });

  test('reversed, fractional and missing ranges are refused', () => {
    expect(validateRanges([{ range: [10, 1] }], 10)).toMatch(/ends before it starts/);
    expect(validateRanges([{ range: [1, 9.5] }], 10)).toMatch(/not whole numbers/);
    expect(validateRanges([], 10)).toBe('No ticket ranges');
  });

  test('any split of 1..max into consecutive ranges is valid and picks exactly one item per ticket', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { maxLength: 20 }), fc.integer({ min: 1, max: 1000 }), (cuts, ticket) => {
        const bounds = [0, ...cuts.toSorted((a, b) => a - b), 1000];
        const ranged = bounds.slice(1).map((to, i) => ({ range: [(bounds[i] ?? 0) + 1, to] as const }));
        expect(validateRanges(ranged, 1000)).toBeNull();
        expect(ranged.filter(({ range: [from, to] }) => from <= ticket && ticket <= to)).toHaveLength(1);
        expect(pickByTicket(ranged, ticket)).not.toBeNull();
      }),
    );
  });
});
