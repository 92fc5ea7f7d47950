// Ticket batches in columns for the trip to the fairness worker. Kept apart from the verifier so
// the page that packs a batch does not bundle any hashing: it imports only this file.
import { TICKET_MAX } from './fair-ticket.ts';

/** One recorded ticket to check: ticket = fairTicket(key, client_seed, nonce, max). */
export type TicketClaim = {
  /** The HMAC key: the server seed (unbox) or the beacon (battles). */
  readonly key: string;
  readonly client_seed: string;
  readonly nonce: number;
  /** 100000 when not given. */
  readonly max?: number;
  readonly ticket: number;
};

/**
 * A batch in columns, for the trip to the worker: the keys and client seeds once each, and per
 * claim five numbers (key index, client seed index, nonce, max, ticket) in one Float64Array
 * that is transferred, not copied. Structured-cloning thousands of small objects costs more
 * than checking them.
 */
export type PackedTickets = { readonly keys: readonly string[]; readonly clientSeeds: readonly string[]; readonly rows: Float64Array };

/** Numbers per claim in {@link PackedTickets.rows}. */
export const PACKED_TICKET_FIELDS = 5;

/** Packs claims into columns (see {@link PackedTickets}). */
export function packTickets(batch: readonly TicketClaim[]): PackedTickets {
  const keys: string[] = [];
  const clientSeeds: string[] = [];
  const keyIndex = new Map<string, number>();
  const seedIndex = new Map<string, number>();
  const rows = new Float64Array(batch.length * PACKED_TICKET_FIELDS);
  for (const [i, claim] of batch.entries()) {
    let k = keyIndex.get(claim.key);
    if (k === undefined) {
      k = keys.push(claim.key) - 1;
      keyIndex.set(claim.key, k);
    }
    let c = seedIndex.get(claim.client_seed);
    if (c === undefined) {
      c = clientSeeds.push(claim.client_seed) - 1;
      seedIndex.set(claim.client_seed, c);
    }
    rows.set([k, c, claim.nonce, claim.max ?? TICKET_MAX, claim.ticket], i * PACKED_TICKET_FIELDS);
  }
  return { keys, clientSeeds, rows };
}

/** The claims of a packed batch. */
export function unpackTickets(packed: PackedTickets): TicketClaim[] {
  const { keys, clientSeeds, rows } = packed;
  return Array.from({ length: Math.floor(rows.length / PACKED_TICKET_FIELDS) }, (_, i) => {
    const at = i * PACKED_TICKET_FIELDS;
    return { key: keys[rows[at]!] ?? '', client_seed: clientSeeds[rows[at + 1]!] ?? '', nonce: rows[at + 2]!, max: rows[at + 3]!, ticket: rows[at + 4]! };
  });
}
