/**
 * The sim's public beacon chain (DESIGN.md section 5): a block every whole second of the
 * injected clock, numbered by its unix second, id = HMAC-SHA256(seed, "beacon-" + number), each
 * block hashing its predecessor. Blocks are produced lazily when asked for, so the chain needs no
 * timer and a test that steps its clock gets the same chain every run for the same seed.
 *
 * Keep the seed secret in a running server: whoever knows it knows every future block id.
 */
import { BEACON_GENESIS_PREV, BEACON_INTERVAL_MS, beaconBlockHash, type BeaconBlock } from '../../src/core/battle-beacon.ts';
import { hmacSha256Hex } from '../../src/core/fair-ticket.ts';
import type { Config } from '../config.ts';

/** Blocks kept for lookups; older ones are forgotten (a battle reads its block within seconds). */
export const BEACON_HISTORY_BLOCKS = 3_600;

/** How a chain is made: its secret seed, the clock, and when it starts (default: now). */
export type BeaconChainOptions = { seed: string; now: () => number; start?: number };

/** A running beacon chain. */
export interface BeaconChain {
  /** The newest block produced by now, or null before the first one. */
  latest(): BeaconBlock | null;
  /** The block with this number if it has been produced and is still kept. */
  block(number: number): BeaconBlock | null;
  /** The first block produced strictly after `time` (a battle's beacon), or null while it does not exist yet. */
  blockAfter(time: number): BeaconBlock | null;
  /** Up to `count` newest blocks, newest first. */
  recent(count: number): BeaconBlock[];
  /** When the next block will be produced. */
  nextBlockAt(): number;
}

/** The id of block `number` for a seed. */
export function beaconBlockId(seed: string, number: number): string {
  return hmacSha256Hex(seed, `beacon-${number}`);
}

/**
 * A beacon chain whose first block is the first whole second at or after `start`. Catching up
 * after a long idle stretch hashes every missed block in order (about 100k blocks a second).
 */
export function createBeaconChain({ seed, now, start = now() }: BeaconChainOptions): BeaconChain {
  const firstNumber = Math.ceil(start / BEACON_INTERVAL_MS);
  let kept: BeaconBlock[] = [];
  let newest: BeaconBlock | null = null;

  function produce(): void {
    const upTo = Math.floor(now() / BEACON_INTERVAL_MS);
    for (let number = newest ? newest.number + 1 : firstNumber; number <= upTo; number++) {
      const unsigned = { number, id: beaconBlockId(seed, number), prev: newest?.hash ?? BEACON_GENESIS_PREV, time: number * BEACON_INTERVAL_MS };
      newest = { ...unsigned, hash: beaconBlockHash(unsigned) };
      kept.push(newest);
    }
    // Trimming in batches keeps production O(1) per block.
    if (kept.length > 2 * BEACON_HISTORY_BLOCKS) kept = kept.slice(-BEACON_HISTORY_BLOCKS);
  }

  function block(number: number): BeaconBlock | null {
    produce();
    const first = kept[0];
    if (first === undefined || !Number.isSafeInteger(number)) return null;
    return kept[number - first.number] ?? null;
  }

  return {
    latest() {
      produce();
      return newest;
    },
    block,
    blockAfter(time) {
      return block(Math.max(firstNumber, Math.floor(time / BEACON_INTERVAL_MS) + 1));
    },
    recent(count) {
      produce();
      const wanted = Math.max(0, Math.floor(count));
      return wanted === 0 ? [] : kept.slice(-wanted).toReversed();
    },
    nextBlockAt() {
      return Math.max(firstNumber, Math.floor(now() / BEACON_INTERVAL_MS) + 1) * BEACON_INTERVAL_MS;
    },
  };
}

/**
 * The server's chain, built once by buildApp. Its seed is derived from the server's secret
 * (config.jwtSecret, kept in DATA_DIR): it stays secret, survives restarts, and a test that
 * passes a fixed jwtSecret and a fixed clock gets the same blocks every run.
 */
export function serverBeaconChain(config: Pick<Config, 'jwtSecret' | 'now'>): BeaconChain {
  return createBeaconChain({ seed: hmacSha256Hex(Buffer.from(config.jwtSecret).toString('hex'), 'beacon-chain'), now: config.now });
}
