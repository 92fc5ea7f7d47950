// The sim's public randomness beacon (docs/design.md section 6): a chain of blocks, one a second,
// each naming the previous block's hash. A battle's tickets are keyed by the id of the first
// block produced after its last seat filled, so the key did not exist while seats could still
// change hands. The sim-server produces the chain (sim-server/world/beacon.ts); the client and
// the fairness worker check its links with the functions here.
import { sha256Hex } from './fair-ticket.ts';

/** One block of the beacon chain; `id` is the 64-hex value battles use as their ticket key. */
export type BeaconBlock = {
  /** Unix second the block was produced at: numbers never repeat, even across restarts. */
  readonly number: number;
  readonly id: string;
  /** SHA-256 over number, time, id and the previous block's hash. */
  readonly hash: string;
  /** Hash of the previous block; BEACON_GENESIS_PREV for the first block of a chain. */
  readonly prev: string;
  /** Milliseconds since the epoch: number * BEACON_INTERVAL_MS. */
  readonly time: number;
};

/** Milliseconds between two blocks. */
export const BEACON_INTERVAL_MS = 1_000;

/** The `prev` of a chain's first block. */
export const BEACON_GENESIS_PREV = '0'.repeat(64);

const HEX64 = /^[0-9a-f]{64}$/;

/** The hash a block must carry, from its other fields. */
export function beaconBlockHash(block: Omit<BeaconBlock, 'hash'>): string {
  return sha256Hex(`${block.number}-${block.time}-${block.id}-${block.prev}`);
}

/** Why consecutive blocks (oldest first) do not form a valid chain piece, or null when they do. */
export function beaconChainError(blocks: readonly BeaconBlock[]): string | null {
  let previous: BeaconBlock | null = null;
  for (const block of blocks) {
    if (!HEX64.test(block.id)) return `Block ${block.number} id is not 64 hex digits`;
    if (block.time !== block.number * BEACON_INTERVAL_MS) return `Block ${block.number} time ${block.time} does not match its number`;
    if (beaconBlockHash(block) !== block.hash) return `Block ${block.number} hash does not match its contents`;
    if (previous !== null) {
      if (block.number !== previous.number + 1) return `Block ${block.number} does not follow block ${previous.number}`;
      if (block.prev !== previous.hash) return `Block ${block.number} does not link to block ${previous.number}`;
    }
    previous = block;
  }
  return null;
}
