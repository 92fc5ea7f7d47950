/**
 * The sim's public beacon chain (docs/design.md section 6): a block every whole second of the
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

/**
 * How a chain is made: its secret seed, the clock, and when it starts (default: now), or an
 * anchor: block `number` follows the block hashed `prev` (several processes share one, so they
 * all produce the same chain; docs/decisions/0039).
 */
export type BeaconChainOptions = { seed: string; now: () => number; start?: number; anchor?: { number: number; prev: string } };

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
  /**
   * Where another process may start this same chain: a block about BEACON_HISTORY_BLOCKS back
   * (so a battle's block looked up later is one both produce), or the chain's own start.
   */
  anchor(): { number: number; prev: string };
}

/** The id of block `number` for a seed. */
export function beaconBlockId(seed: string, number: number): string {
  return hmacSha256Hex(seed, `beacon-${number}`);
}

/**
 * A beacon chain whose first block is the first whole second at or after `start`. Catching up
 * after a long idle stretch hashes every missed block in order (about 100k blocks a second).
 */
export function createBeaconChain({ seed, now, start = now(), anchor }: BeaconChainOptions): BeaconChain {
  const firstNumber = anchor?.number ?? Math.ceil(start / BEACON_INTERVAL_MS);
  const firstPrev = anchor?.prev ?? BEACON_GENESIS_PREV;
  let kept: BeaconBlock[] = [];
  let newest: BeaconBlock | null = null;
  let trimmed = false;

  function produce(): void {
    const upTo = Math.floor(now() / BEACON_INTERVAL_MS);
    for (let number = newest ? newest.number + 1 : firstNumber; number <= upTo; number++) {
      const unsigned = { number, id: beaconBlockId(seed, number), prev: newest?.hash ?? firstPrev, time: number * BEACON_INTERVAL_MS };
      newest = { ...unsigned, hash: beaconBlockHash(unsigned) };
      kept.push(newest);
    }
    // Trimming in batches keeps production O(1) per block.
    if (kept.length > 2 * BEACON_HISTORY_BLOCKS) {
      kept = kept.slice(-BEACON_HISTORY_BLOCKS);
      trimmed = true;
    }
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
    anchor() {
      produce();
      // Until blocks are forgotten, the chain's own start is the oldest point both can share.
      if (!trimmed && kept.length <= BEACON_HISTORY_BLOCKS) return { number: firstNumber, prev: firstPrev };
      const at = Math.max(1, kept.length - BEACON_HISTORY_BLOCKS);
      return { number: kept[at]!.number, prev: kept[at - 1]!.hash };
    },
  };
}

/**
 * The server's chain, built once by buildApp. Its seed is derived from the server's secret
 * (config.jwtSecret, kept in DATA_DIR): it stays secret, survives restarts, and a test that
 * passes a fixed jwtSecret and a fixed clock gets the same blocks every run.
 */
export function serverBeaconChain(config: Pick<Config, 'jwtSecret' | 'now'>, anchor?: { number: number; prev: string }): BeaconChain {
  return createBeaconChain({ seed: hmacSha256Hex(Buffer.from(config.jwtSecret).toString('hex'), 'beacon-chain'), now: config.now, anchor });
}

/** Where a chain that starts now would start: what a first process offers the others. */
export function beaconStartNow(now: number): { number: number; prev: string } {
  return { number: Math.ceil(now / BEACON_INTERVAL_MS), prev: BEACON_GENESIS_PREV };
}

/**
 * Whether a shared anchor belongs to no running chain any more: every running process writes it
 * forward each minute to about BEACON_HISTORY_BLOCKS back, so one much older than that (every
 * process stopped for a while) or ahead of the clock is a chain nobody serves. Starting afresh
 * spares a process from hashing every block since.
 */
export function beaconAnchorStale(anchor: { number: number }, now: number): boolean {
  const newest = Math.floor(now / BEACON_INTERVAL_MS);
  return anchor.number > newest + 1 || newest - anchor.number > BEACON_HISTORY_BLOCKS + 600;
}
