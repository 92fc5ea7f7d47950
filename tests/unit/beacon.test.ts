import { createHash, createHmac } from 'node:crypto';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BEACON_GENESIS_PREV, BEACON_INTERVAL_MS, beaconBlockHash, beaconChainError, type BeaconBlock } from '../../src/core/battle-beacon.ts';
import { BEACON_HISTORY_BLOCKS, beaconAnchorStale, beaconBlockId, createBeaconChain } from '../../sim-server/world/beacon.ts';

const START = 1_700_000_000_500;

function chainAt(seed = 'beacon seed') {
  const clock = { now: START };
  const chain = createBeaconChain({ seed, now: () => clock.now, start: START });
  return { clock, chain };
}

describe('the beacon chain', () => {
  test('produces no block before the first whole second after its start, then one every second', () => {
    const { clock, chain } = chainAt();
    expect(chain.latest()).toBeNull();
    expect(chain.nextBlockAt()).toBe(1_700_000_001_000);
    clock.now = 1_700_000_001_000;
    expect(chain.latest()?.number).toBe(1_700_000_001);
    clock.now = 1_700_000_005_999;
    const blocks = chain.recent(100);
    expect(blocks.map((block) => block.number)).toEqual([1_700_000_005, 1_700_000_004, 1_700_000_003, 1_700_000_002, 1_700_000_001]);
    expect(blocks.every((block) => block.time === block.number * BEACON_INTERVAL_MS)).toBe(true);
    expect(chain.nextBlockAt()).toBe(1_700_000_006_000);
  });

  test('block ids are 64 hex, each block hashes its contents and links to the one before', () => {
    const { clock, chain } = chainAt();
    clock.now = START + 30_000;
    const blocks = chain.recent(50).toReversed();
    expect(blocks).toHaveLength(30);
    expect(blocks[0]?.prev).toBe(BEACON_GENESIS_PREV);
    expect(beaconChainError(blocks)).toBeNull();
    for (const block of blocks) {
      expect(block.id).toMatch(/^[0-9a-f]{64}$/);
      const expected = createHash('sha256').update(`${block.number}-${block.time}-${block.id}-${block.prev}`).digest('hex');
      expect(block.hash).toBe(expected);
    }
    expect(blocks.slice(1).map((block) => block.prev)).toEqual(blocks.slice(0, -1).map((block) => block.hash));
  });

  test('the id of a block is HMAC-SHA256 of its number keyed by the seed', () => {
    const { clock, chain } = chainAt('secret');
    clock.now = START + 3_000;
    const block = chain.latest();
    expect(block?.id).toBe(createHmac('sha256', 'secret').update(`beacon-${block?.number}`).digest('hex'));
    expect(beaconBlockId('secret', 7)).not.toBe(beaconBlockId('other', 7));
  });

  test('the same seed and clock reproduce the same chain, however the clock is stepped', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4_000 }), { maxLength: 20 }), (steps) => {
        const stepped = chainAt();
        for (const step of steps) {
          stepped.clock.now += step;
          stepped.chain.latest();
        }
        const direct = chainAt();
        direct.clock.now = stepped.clock.now;
        expect(stepped.chain.recent(100)).toEqual(direct.chain.recent(100));
      }),
      { numRuns: 50 },
    );
  });

  test('another seed gives other ids', () => {
    const a = chainAt('one');
    const b = chainAt('two');
    a.clock.now = b.clock.now = START + 5_000;
    expect(a.chain.latest()?.id).not.toBe(b.chain.latest()?.id);
  });

  test('blockAfter gives the first block strictly after a moment, and null until it exists', () => {
    const { clock, chain } = chainAt();
    const filled = START + 2_000; // 1_700_000_002_500
    clock.now = filled;
    expect(chain.blockAfter(filled)).toBeNull();
    clock.now = 1_700_000_002_999;
    expect(chain.blockAfter(filled)).toBeNull();
    clock.now = 1_700_000_003_000;
    expect(chain.blockAfter(filled)?.number).toBe(1_700_000_003);
    // A block produced exactly at the moment is not after it.
    clock.now = START + 10_000;
    expect(chain.blockAfter(1_700_000_003_000)?.number).toBe(1_700_000_004);
    expect(chain.blockAfter(1_700_000_003_000)?.time).toBeGreaterThan(1_700_000_003_000);
    // Before the chain started, the first block of the chain is the first block after.
    expect(chain.blockAfter(0)?.number).toBe(1_700_000_001);
  });

  test(`keeps the last ${BEACON_HISTORY_BLOCKS} blocks at least and forgets much older ones`, () => {
    const { clock, chain } = chainAt();
    clock.now = START + 3 * BEACON_HISTORY_BLOCKS * BEACON_INTERVAL_MS;
    const latest = chain.latest();
    expect(latest).not.toBeNull();
    const number = latest?.number ?? 0;
    expect(chain.block(number - BEACON_HISTORY_BLOCKS + 1)?.number).toBe(number - BEACON_HISTORY_BLOCKS + 1);
    expect(chain.block(1_700_000_001)).toBeNull();
    expect(beaconChainError(chain.recent(BEACON_HISTORY_BLOCKS).toReversed())).toBeNull();
  });

  test('a tampered block, a broken link or a gap is reported', () => {
    const { clock, chain } = chainAt();
    clock.now = START + 5_000;
    const blocks = chain.recent(5).toReversed();
    const [first, second, third] = blocks as [BeaconBlock, BeaconBlock, BeaconBlock];
    expect(beaconChainError([first, { ...second, id: 'f'.repeat(64) }])).toMatch(/hash does not match/);
    const relinked = { ...second, prev: 'a'.repeat(64) };
    expect(beaconChainError([first, { ...relinked, hash: beaconBlockHash(relinked) }])).toMatch(/does not link/);
    expect(beaconChainError([first, third])).toMatch(/does not follow/);
    expect(beaconChainError([{ ...first, time: first.time + 1 }])).toMatch(/time/);
    expect(beaconChainError([{ ...first, id: 'xyz' }])).toMatch(/64 hex/);
  });
  test('a chain started from another chain\'s anchor produces the same blocks (several processes, one chain)', () => {
    const { clock, chain } = chainAt();
    clock.now = START + 10_000;
    // Young: the anchor is the chain's own start.
    expect(chain.anchor()).toEqual({ number: 1_700_000_001, prev: BEACON_GENESIS_PREV });
    const later = createBeaconChain({ seed: 'beacon seed', now: () => clock.now, anchor: chain.anchor() });
    expect(later.recent(10)).toEqual(chain.recent(10));
    // Old: the anchor is about BEACON_HISTORY_BLOCKS back, and a chain started there agrees on every block it holds.
    clock.now = START + 3 * BEACON_HISTORY_BLOCKS * BEACON_INTERVAL_MS;
    const anchor = chain.anchor();
    expect(chain.latest()!.number - anchor.number).toBeLessThanOrEqual(BEACON_HISTORY_BLOCKS);
    const fresh = createBeaconChain({ seed: 'beacon seed', now: () => clock.now, anchor });
    expect(fresh.block(anchor.number)).toEqual(chain.block(anchor.number));
    expect(fresh.recent(100)).toEqual(chain.recent(100));
    // Started on its own, the same seed gives other hashes: the anchor is what makes it one chain.
    const alone = createBeaconChain({ seed: 'beacon seed', now: () => clock.now, start: clock.now - 5_000 });
    expect(alone.latest()!.hash).not.toBe(chain.latest()!.hash);
    // A running chain's anchor is never stale; one left by processes long stopped, or ahead of the clock, is.
    expect(beaconAnchorStale(chain.anchor(), clock.now)).toBe(false);
    expect(beaconAnchorStale(chain.anchor(), clock.now + 86_400_000)).toBe(true);
    expect(beaconAnchorStale({ number: Math.floor(clock.now / 1000) + 60 }, clock.now)).toBe(true);
  });
});
