// The fairness verifier (docs/design.md section 6): recomputes tickets in bulk and replays a whole
// game from the public record arena.game answers, saying exactly where anything differs.
// The worker in workers/ only exposes these functions; the verify modal and the
// /provably-fair pages read the reports. Nothing here trusts the record: every ticket, every
// pick from the recorded range table and, for battles, the mode rules and the payout are
// computed again with the same core functions the sim-server used.
import type { BattleGameDetail, UnboxGameDetail } from '../contract/entities.ts';
import type { z } from '../contract/wire.ts';
import {
  battleOptions,
  battleSetupError,
  decideBattle,
  isRobDecision,
  robPair,
  robRevealMatches,
  type BattleOutcome,
  type BattleRecord,
  type RobDecision,
  type TiebreakRecord,
} from './battle-rules.ts';
import { battleNonce, fairTicket, keyedTicketer, pickByTicket, sha256Hex, TICKET_MAX, ticketDigits, validateRanges, type Ticketer, type TicketRange } from './fair-ticket.ts';
import { parseHash } from './hash-id.ts';
import { parseScheme, schemeRounds } from './scheme.ts';
import { webCryptoTicketer, type AsyncTicketer } from './ticket-hasher.ts';
import { PACKED_TICKET_FIELDS, type PackedTickets, type TicketClaim } from './ticket-pack.ts';

/** arena.game's answer for a personal unbox game. */
export type UnboxReplayRecord = z.output<typeof UnboxGameDetail>;

/** arena.game's answer for a battle. */
export type BattleReplayRecord = z.output<typeof BattleGameDetail>;

// --- Bulk tickets --------------------------------------------------------------------------

/** A claim whose ticket does not recompute; `computed` is null when the claim itself is malformed. */
export type TicketMismatch = { readonly index: number; readonly recorded: number; readonly computed: number | null; readonly message: string };

/** What a batch check found. */
export type TicketBatchReport = { readonly ok: boolean; readonly checked: number; readonly mismatches: TicketMismatch[] };

/** Which HMAC a batch check uses: @noble/hashes (synchronous, the faster one here) or WebCrypto. */
export type TicketEngine = 'noble' | 'webcrypto';

function claimError(claim: TicketClaim): string | null {
  if (typeof claim.key !== 'string' || typeof claim.client_seed !== 'string') return 'key and client seed must be text';
  if (!Number.isSafeInteger(claim.nonce) || claim.nonce < 0) return `nonce ${String(claim.nonce)} is not a whole number`;
  const max = claim.max ?? TICKET_MAX;
  if (!Number.isSafeInteger(max) || max < 1) return `max ${String(max)} is not a positive whole number`;
  return null;
}

function checkClaim(index: number, claim: TicketClaim, computed: number, mismatches: TicketMismatch[]): void {
  if (computed !== claim.ticket) {
    mismatches.push({ index, recorded: claim.ticket, computed, message: `ticket ${index + 1}: ticket ${claim.ticket} recorded, ${computed} computed` });
  }
}

function malformed(index: number, claim: TicketClaim, reason: string): TicketMismatch {
  return { index, recorded: claim.ticket, computed: null, message: `ticket ${index + 1}: ${reason}` };
}

/** Recomputes every ticket of a batch with @noble/hashes, one keyed HMAC state per distinct key. */
export function verifyTickets(batch: readonly TicketClaim[]): TicketBatchReport {
  const ticketers = new Map<string, Ticketer>();
  const mismatches: TicketMismatch[] = [];
  for (const [index, claim] of batch.entries()) {
    const error = claimError(claim);
    if (error !== null) {
      mismatches.push(malformed(index, claim, error));
      continue;
    }
    let ticketer = ticketers.get(claim.key);
    if (ticketer === undefined) {
      ticketer = keyedTicketer(claim.key);
      ticketers.set(claim.key, ticketer);
    }
    checkClaim(index, claim, ticketer(claim.client_seed, claim.nonce, claim.max ?? TICKET_MAX), mismatches);
  }
  return { ok: mismatches.length === 0, checked: batch.length, mismatches };
}

/** {@link verifyTickets} over a packed batch, without making an object per claim. */
export function verifyPackedTickets(packed: PackedTickets): TicketBatchReport {
  const { keys, clientSeeds, rows } = packed;
  const ticketers: (Ticketer | undefined)[] = [];
  const mismatches: TicketMismatch[] = [];
  const count = Math.floor(rows.length / PACKED_TICKET_FIELDS);
  for (let index = 0; index < count; index++) {
    const at = index * PACKED_TICKET_FIELDS;
    const k = rows[at]!;
    const key = keys[k];
    const clientSeed = clientSeeds[rows[at + 1]!];
    const claim = { key: key ?? '', client_seed: clientSeed ?? '', nonce: rows[at + 2]!, max: rows[at + 3]!, ticket: rows[at + 4]! };
    const error = key === undefined || clientSeed === undefined ? 'key or client seed missing from the batch' : claimError(claim);
    if (error !== null) {
      mismatches.push(malformed(index, claim, error));
      continue;
    }
    let ticketer = ticketers[k];
    if (ticketer === undefined) {
      ticketer = keyedTicketer(claim.key);
      ticketers[k] = ticketer;
    }
    checkClaim(index, claim, ticketer(claim.client_seed, claim.nonce, claim.max), mismatches);
  }
  return { ok: mismatches.length === 0, checked: count, mismatches };
}

/** The same check with WebCrypto: `parallel` signatures in flight at a time. Kept to be measured against. */
export async function verifyTicketsWebCrypto(batch: readonly TicketClaim[], parallel = 256): Promise<TicketBatchReport> {
  const ticketers = new Map<string, Promise<AsyncTicketer>>();
  const mismatches: TicketMismatch[] = [];
  for (let start = 0; start < batch.length; start += parallel) {
    const chunk = batch.slice(start, start + parallel);
    const computed = await Promise.all(
      chunk.map(async (claim) => {
        if (claimError(claim) !== null) return null;
        let ticketer = ticketers.get(claim.key);
        if (ticketer === undefined) {
          ticketer = webCryptoTicketer(claim.key);
          ticketers.set(claim.key, ticketer);
        }
        return (await ticketer)(claim.client_seed, claim.nonce, claim.max ?? TICKET_MAX);
      }),
    );
    for (const [offset, claim] of chunk.entries()) {
      const ticket = computed[offset];
      if (ticket === null || ticket === undefined) mismatches.push(malformed(start + offset, claim, claimError(claim) ?? 'not computed'));
      else checkClaim(start + offset, claim, ticket, mismatches);
    }
  }
  mismatches.sort((a, b) => a.index - b.index);
  return { ok: mismatches.length === 0, checked: batch.length, mismatches };
}

// --- The verify modal's ticket -------------------------------------------------------------

/** Digits shown while an input is missing (document 3, section 2). */
export const EMPTY_TICKET_DIGITS = '00000';

/** What the verify modal's ticket needs: the key (server seed, or the beacon for battles), the client seed (the battle's server seed for battles) and the nonce as typed. */
export type ModalTicketInput = { readonly key: string; readonly clientSeed: string; readonly nonce: string | number; readonly max?: number };

/**
 * The verify modal's ticket: null and "00000" until the key, the client seed and a whole nonce
 * are all given; otherwise the ticket and its digits, zero-padded to at least five.
 */
export function modalTicket(input: ModalTicketInput): { ticket: number | null; digits: string } {
  const nonceText = String(input.nonce).trim();
  const max = input.max ?? TICKET_MAX;
  if (input.key.trim() === '' || input.clientSeed.trim() === '' || !/^\d+$/.test(nonceText)) return { ticket: null, digits: EMPTY_TICKET_DIGITS };
  const nonce = Number(nonceText);
  if (!Number.isSafeInteger(nonce) || !Number.isSafeInteger(max) || max < 1) return { ticket: null, digits: EMPTY_TICKET_DIGITS };
  const ticket = fairTicket(input.key, input.clientSeed, nonce, max);
  return { ticket, digits: ticketDigits(ticket) };
}

// --- Game replays --------------------------------------------------------------------------

/** One difference between the record and the replay. */
export type ReplayMismatch = {
  /** "round 2 seat 3", "round 4" (unbox), "outcome", "rob seat 2", "seed", "record". */
  readonly where: string;
  /** What differs: ticket, item, range, nonce, case, range table, server seed hash, client seed, winners, payout ... */
  readonly field: string;
  readonly recorded: string;
  readonly computed: string;
  /** One line for people: "round 2 seat 3: ticket 41234 recorded, 41235 computed". */
  readonly message: string;
};

/** One drop as replayed: computed values are null where the record does not allow computing them yet. */
export type ReplayedDrop = {
  readonly round: number;
  readonly seat: number;
  readonly nonce: number;
  readonly recordedTicket: number;
  readonly computedTicket: number | null;
  readonly recordedItem: string;
  readonly computedItem: string | null;
  /** true: every check of this drop passed; false: something differs; null: the ticket cannot be computed yet. */
  readonly ok: boolean | null;
};

/** What a replay found. `ok` means nothing differs; `complete` means every ticket could be recomputed too. */
export type ReplayReport = {
  readonly ok: boolean;
  readonly complete: boolean;
  readonly kind: 'unbox' | 'battle';
  readonly mismatches: ReplayMismatch[];
  /** What could not be checked yet and why (server seed not revealed, battle not finished). */
  readonly pending: string[];
  /** Worth knowing but not a fairness failure (a drop's value against today's price). */
  readonly notes: string[];
  readonly drops: ReplayedDrop[];
  /** Battles: the outcome the rules give for the record, when it could be decided. */
  readonly outcome: BattleOutcome | null;
};

type Collector = {
  mismatches: ReplayMismatch[];
  pending: string[];
  notes: string[];
  add(where: string, field: string, recorded: unknown, computed: unknown, message?: string): void;
};

function show(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number')) return `[${value.join(', ')}]`;
  return JSON.stringify(value);
}

function collector(): Collector {
  const mismatches: ReplayMismatch[] = [];
  return {
    mismatches,
    pending: [],
    notes: [],
    add(where, field, recorded, computed, message) {
      const r = show(recorded);
      const c = show(computed);
      mismatches.push({ where, field, recorded: r, computed: c, message: message ?? `${where}: ${field} ${r} recorded, ${c} computed` });
    },
  };
}

function sameRange(a: TicketRange, b: TicketRange): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

function sameHash(a: string, b: string): boolean {
  const x = parseHash(a);
  return x !== null ? x === parseHash(b) : a === b;
}

type Slot = { readonly item_hash: string; readonly range: TicketRange };
type Table = { readonly hash: string; readonly version: number; readonly slots: readonly Slot[] };

/** Range tables of a record by case and version, each validated once. */
function tablesOf(boxes: readonly Table[], out: Collector): (hash: string, version: number) => Table | null {
  const tables = new Map<string, Table>();
  for (const box of boxes) {
    const key = `${parseHash(box.hash) ?? box.hash}@${box.version}`;
    tables.set(key, box);
    const error = validateRanges(box.slots);
    if (error !== null) out.add(`case ${box.hash} version ${box.version}`, 'range table', error, 'ranges covering 1..100000 exactly', `case ${box.hash} version ${box.version}: range table is broken: ${error}`);
  }
  return (hash, version) => tables.get(`${parseHash(hash) ?? hash}@${version}`) ?? null;
}

type DropInput = { readonly item_hash: string; readonly ticket: number; readonly range: TicketRange };

/** Checks the item a ticket picks from the table against the drop; answers the computed item. */
function checkPick(where: string, drop: DropInput, table: Table, ticket: number, out: Collector): string | null {
  const slot = pickByTicket(table.slots, ticket);
  if (slot === null) {
    out.add(where, 'item', drop.item_hash, 'none', `${where}: ticket ${ticket} picks no item of case ${table.hash} version ${table.version}`);
    return null;
  }
  if (slot.item_hash !== drop.item_hash) out.add(where, 'item', drop.item_hash, slot.item_hash);
  if (!sameRange(drop.range, slot.range)) out.add(where, 'range', drop.range, slot.range);
  return slot.item_hash;
}

/** The item a ticket picks from the drop's recorded case version; null (and a mismatch) when the record lacks that version. */
function pickFromRecord(where: string, drop: DropInput & { readonly box_hash: string; readonly box_version: number }, tableOf: (hash: string, version: number) => Table | null, ticket: number, out: Collector): string | null {
  const table = tableOf(drop.box_hash, drop.box_version);
  if (table !== null) return checkPick(where, drop, table, ticket, out);
  out.add(where, 'range table', `case ${drop.box_hash} version ${drop.box_version}`, 'none', `${where}: case ${drop.box_hash} version ${drop.box_version} is not in the record`);
  return null;
}

/** A drop's row in the report: failed when any of its checks added a mismatch, unchecked without a computed ticket. */
function replayedDrop(drop: DropInput & { readonly round: number; readonly seat: number; readonly nonce: number }, computedTicket: number | null, computedItem: string | null, differs: boolean): ReplayedDrop {
  return {
    round: drop.round,
    seat: drop.seat,
    nonce: drop.nonce,
    recordedTicket: drop.ticket,
    computedTicket,
    recordedItem: drop.item_hash,
    computedItem,
    ok: differs ? false : computedTicket === null ? null : true,
  };
}

function report(kind: ReplayReport['kind'], out: Collector, drops: ReplayedDrop[], outcome: BattleOutcome | null): ReplayReport {
  return {
    ok: out.mismatches.length === 0,
    complete: out.pending.length === 0,
    kind,
    mismatches: out.mismatches,
    pending: out.pending,
    notes: out.notes,
    drops,
    outcome,
  };
}

/** Per-seed caches: SHA-256 of each revealed seed and one ticketer per key. */
function seedCache() {
  const hashes = new Map<string, string>();
  const ticketers = new Map<string, Ticketer>();
  return {
    hashOf(seed: string): string {
      let hash = hashes.get(seed);
      if (hash === undefined) {
        hash = sha256Hex(seed);
        hashes.set(seed, hash);
      }
      return hash;
    },
    ticket(key: string, clientSeed: string, nonce: number): number {
      let ticketer = ticketers.get(key);
      if (ticketer === undefined) {
        ticketer = keyedTicketer(key);
        ticketers.set(key, ticketer);
      }
      return ticketer(clientSeed, nonce, TICKET_MAX);
    },
  };
}

function validNonce(nonce: number): boolean {
  return Number.isSafeInteger(nonce) && nonce >= 0;
}

/**
 * Replays a personal unbox game: each roll's ticket from its revealed server seed, client seed
 * and nonce; the item that ticket picks from the recorded case version; the recorded range;
 * the server seed against its published hash; rounds and nonces without gaps or reuse.
 * Rolls whose server seed is still hidden are checked as far as the record allows (the
 * recorded ticket must pick the recorded item) and listed as pending.
 */
export function replayUnbox(record: UnboxReplayRecord): ReplayReport {
  const out = collector();
  const { game } = record;
  if (game.type !== 'unbox') out.add('record', 'game type', game.type, 'unbox');
  const tableOf = tablesOf(record.boxes, out);
  const seeds = seedCache();
  const drops = record.drops.toSorted((a, b) => a.round - b.round);
  if (drops.length !== game.round) out.add('record', 'rolls', drops.length, game.round, `record: ${drops.length} rolls recorded, the game says ${game.round} were made`);
  const nonceOwners = new Map<string, number>();
  const hidden = new Map<string, number>();
  const replayed: ReplayedDrop[] = [];

  for (const [i, drop] of drops.entries()) {
    const where = `round ${drop.round}`;
    const before = out.mismatches.length;
    if (drop.round !== i + 1) out.add(where, 'round', drop.round, i + 1, `${where}: round ${drop.round} recorded where round ${i + 1} was expected (a roll is missing or repeated)`);
    if (drop.seat !== 1) out.add(where, 'seat', drop.seat, 1);
    if (!sameHash(drop.box_hash, game.box_hash) || drop.box_version !== game.box_version) {
      out.add(where, 'case', `${drop.box_hash} version ${drop.box_version}`, `${game.box_hash} version ${game.box_version}`);
    }
    if (!validNonce(drop.nonce)) out.add(where, 'nonce', drop.nonce, 'a whole number from 0');
    const pair = `${drop.server_seed_hashed}|${drop.client_seed}|${drop.nonce}`;
    const owner = nonceOwners.get(pair);
    if (owner !== undefined) out.add(where, 'nonce', drop.nonce, 'a nonce not used before', `${where}: nonce ${drop.nonce} was already used by round ${owner} with the same seeds`);
    else nonceOwners.set(pair, drop.round);

    let computedTicket: number | null = null;
    if (drop.server_seed !== null) {
      const hash = seeds.hashOf(drop.server_seed);
      if (hash !== drop.server_seed_hashed.toLowerCase()) out.add(where, 'server seed hash', drop.server_seed_hashed, hash);
      if (validNonce(drop.nonce)) {
        computedTicket = seeds.ticket(drop.server_seed, drop.client_seed, drop.nonce);
        if (computedTicket !== drop.ticket) out.add(where, 'ticket', drop.ticket, computedTicket);
      }
    } else {
      hidden.set(drop.server_seed_hashed, (hidden.get(drop.server_seed_hashed) ?? 0) + 1);
    }

    const computedItem = pickFromRecord(where, drop, tableOf, computedTicket ?? drop.ticket, out);
    replayed.push(replayedDrop(drop, computedTicket, computedItem, out.mismatches.length > before));
  }
  for (const [hashed, count] of hidden) {
    out.pending.push(`${count} roll${count === 1 ? '' : 's'} used server seed ${hashed.slice(0, 12)}..., not revealed yet: rotate the seed pair (user.seed rotate=1), then replay to check their tickets`);
  }
  return report('unbox', out, replayed, null);
}

type BattleDropInput = BattleReplayRecord['drops'][number];
type RobSeatInput = NonNullable<BattleReplayRecord['modes']['rob']>['seats'][number];

/** The rob decisions the rules count: a revealed decision that matches its commitment, else split. */
function robDecisionsOf(seats: readonly RobSeatInput[], out: Collector): { seat: number; decision: RobDecision }[] {
  return seats.map((entry) => {
    const where = `rob seat ${entry.seat}`;
    const { decision, decision_hashed: hashed, decision_salt: salt } = entry;
    if (decision === null) return { seat: entry.seat, decision: 'split' };
    if (!isRobDecision(decision)) {
      out.add(where, 'decision', decision, 'split or rob');
      return { seat: entry.seat, decision: 'split' };
    }
    if (hashed === null) {
      // An uncommitted seat counts as split; any other decision needed a commitment.
      if (decision !== 'split') out.add(where, 'decision', decision, 'split', `${where}: decision ${decision} recorded without a commitment; an uncommitted seat counts as split`);
      return { seat: entry.seat, decision: 'split' };
    }
    if (salt === null || !robRevealMatches(hashed, decision, salt)) {
      out.add(where, 'decision commitment', hashed, salt === null ? 'no salt revealed' : sha256Hex(`${decision}-${salt}`), `${where}: decision ${decision} does not match its commitment ${hashed.slice(0, 12)}...`);
      return { seat: entry.seat, decision: 'split' };
    }
    return { seat: entry.seat, decision };
  });
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function tiebreakWire(tiebreak: TiebreakRecord | null) {
  return tiebreak && { players: [...tiebreak.players], winners: [...tiebreak.winners], rolls: tiebreak.rolls.map(({ nonce, max, ticket }) => ({ nonce, max, ticket })) };
}

/** Compares the recorded outcome, seat totals and rewards with the one the rules give. */
function checkOutcome(record: BattleReplayRecord, outcome: BattleOutcome, out: Collector): void {
  const recorded = record.game.outcome;
  if (recorded === null) {
    out.add('outcome', 'outcome', 'none', outcome.decidedBy, 'outcome: the battle is finished but records no outcome');
    return;
  }
  const field = (name: string, a: unknown, b: unknown) => {
    if (!sameJson(a, b)) out.add('outcome', name, a, b);
  };
  field('pot', recorded.pot, outcome.pot);
  field('winners', recorded.winners, outcome.winners);
  field('decided by', recorded.decided_by, outcome.decidedBy);
  field('payout kind', recorded.payout.kind, outcome.payout.kind);
  field('payout shares', recorded.payout.shares.map(({ seat, amount }) => ({ seat, amount })), outcome.payout.shares);
  field('house share', recorded.payout.house, outcome.payout.house);
  field(
    'standings',
    recorded.standings.map(({ seat, side, total, score, crowns }) => ({ seat, side, total, score, crowns })),
    outcome.standings.map(({ seat, side, total, score, crowns }) => ({ seat, side, total, score, crowns })),
  );
  field('tiebreak', recorded.tiebreak && tiebreakWire(recorded.tiebreak), tiebreakWire(outcome.tiebreak));
  field('kings round', recorded.kings_round, outcome.kingsRound);
  field(
    'rob',
    recorded.rob && { pair: recorded.rob.pair, decisions: recorded.rob.decisions.map(({ seat, decision }) => ({ seat, decision })), result: recorded.rob.result },
    outcome.rob && { pair: [...outcome.rob.pair], decisions: outcome.rob.decisions.map(({ seat, decision }) => ({ seat, decision })), result: outcome.rob.result },
  );
  if (record.game.pot !== outcome.pot) out.add('record', 'pot', record.game.pot, outcome.pot);
  const rewards = new Map<number, number>();
  for (const { seat, amount } of outcome.payout.shares) rewards.set(seat, (rewards.get(seat) ?? 0) + amount);
  for (const user of record.game.users) {
    const standing = outcome.standings.find(({ seat }) => seat === user.number);
    if (standing && user.total !== standing.total) out.add(`seat ${user.number}`, 'total', user.total, standing.total);
    const reward = rewards.get(user.number) ?? 0;
    if (user.reward !== null && user.reward !== reward) out.add(`seat ${user.number}`, 'reward', user.reward, reward);
  }
}

/**
 * Replays a battle: each drop's nonce ((round - 1) * seats + seat), its ticket from the beacon
 * and the battle's revealed server seed, the item that ticket picks from the case version the
 * scheme puts in that round, and the recorded range; the server seed against its published
 * hash; rob commitments; then the mode rules (battle-rules.ts) over the recorded drop values,
 * compared field by field with the recorded outcome, seat totals and rewards. A battle that has
 * not finished is checked as far as its record allows and the rest listed as pending.
 */
export function replayBattle(record: BattleReplayRecord): ReplayReport {
  const out = collector();
  const { game } = record;
  const seeds = seedCache();
  if (game.type !== 'battle') out.add('record', 'game type', game.type, 'battle');
  const options = battleOptions(game.options);
  const setupError = battleSetupError({ seats: game.seats, mode: game.mode, options }, game.rounds);
  if (setupError !== null) out.add('record', 'setup', `${game.seats} seats, ${game.mode}, ${game.rounds} rounds`, 'a valid battle', `record: ${setupError}`);
  const tableOf = tablesOf(record.boxes, out);

  const scheme = parseScheme(game.scheme);
  let roundBoxes: string[] | null = null;
  if (!scheme.ok) out.add('record', 'scheme', game.scheme, 'a valid scheme', `record: scheme ${game.scheme}: ${scheme.error}`);
  else {
    roundBoxes = schemeRounds(scheme.entries);
    if (roundBoxes.length !== game.rounds) out.add('record', 'rounds', game.rounds, roundBoxes.length, `record: ${game.rounds} rounds recorded, the scheme ${game.scheme} has ${roundBoxes.length}`);
  }

  const { server_seed: serverSeed, server_seed_hashed: serverSeedHashed, beacon } = game.seed;
  if (serverSeed !== null) {
    const hash = seeds.hashOf(serverSeed);
    if (hash !== serverSeedHashed.toLowerCase()) out.add('seed', 'server seed hash', serverSeedHashed, hash);
  }
  if (game.status === 'closed') out.pending.push('The battle closed before it ran: it has no drops to replay.');
  else if (beacon === null) out.pending.push('The beacon block is drawn after the last seat fills: no ticket can be computed yet.');
  else if (serverSeed === null) out.pending.push('The battle has not finished: its server seed is revealed when it ends, and the tickets can be recomputed then.');
  if (beacon !== null && !/^[0-9a-f]{64}$/.test(beacon)) out.add('seed', 'beacon', beacon, 'a block id of 64 hex digits');

  const prices = new Map(record.items.map((item) => [item.hash, item.price]));
  const bySlot = new Map<string, BattleDropInput>();
  const replayed: ReplayedDrop[] = [];
  const drops = record.drops.toSorted((a, b) => a.round - b.round || a.seat - b.seat);
  for (const drop of drops) {
    const where = `round ${drop.round} seat ${drop.seat}`;
    const before = out.mismatches.length;
    const inBattle = Number.isSafeInteger(drop.round) && drop.round >= 1 && drop.round <= game.round && Number.isSafeInteger(drop.seat) && drop.seat >= 1 && drop.seat <= game.seats;
    if (!inBattle) out.add(where, 'drop', `round ${drop.round} seat ${drop.seat}`, `rounds 1..${game.round}, seats 1..${game.seats}`, `${where}: no such round and seat in this battle (${game.round} rounds started, ${game.seats} seats)`);
    const slotKey = `${drop.round}/${drop.seat}`;
    if (bySlot.has(slotKey)) out.add(where, 'drop', 'two drops', 'one drop', `${where}: recorded twice`);
    bySlot.set(slotKey, drop);

    const expectedBox = roundBoxes?.[drop.round - 1];
    if (expectedBox !== undefined && !sameHash(drop.box_hash, expectedBox)) out.add(where, 'case', drop.box_hash, expectedBox);
    let nonce: number | null = null;
    if (inBattle) {
      nonce = battleNonce(drop.round, drop.seat, game.seats);
      if (drop.nonce !== nonce) out.add(where, 'nonce', drop.nonce, nonce);
    }
    if (serverSeed !== null && drop.client_seed !== serverSeed) out.add(where, 'client seed', drop.client_seed, serverSeed, `${where}: client seed ${show(drop.client_seed)} recorded, the battle's server seed ${serverSeed} expected`);

    let computedTicket: number | null = null;
    if (beacon !== null && serverSeed !== null && nonce !== null) {
      computedTicket = seeds.ticket(beacon, serverSeed, nonce);
      if (computedTicket !== drop.ticket) out.add(where, 'ticket', drop.ticket, computedTicket);
    }
    const computedItem = pickFromRecord(where, drop, tableOf, computedTicket ?? drop.ticket, out);

    const price = prices.get(drop.item_hash);
    if (price !== undefined && price !== drop.value) out.notes.push(`${where}: value ${drop.value} recorded at creation; the item's price today is ${price}`);
    if (!Number.isSafeInteger(drop.value) || drop.value < 0) out.add(where, 'value', drop.value, 'whole cents');
    replayed.push(replayedDrop(drop, computedTicket, computedItem, out.mismatches.length > before));
  }
  let complete = true;
  for (let round = 1; round <= game.round; round++) {
    for (let seat = 1; seat <= game.seats; seat++) {
      if (!bySlot.has(`${round}/${seat}`)) {
        complete = false;
        out.add(`round ${round} seat ${seat}`, 'drop', 'none', 'a drop', `round ${round} seat ${seat}: no drop recorded`);
      }
    }
  }

  let outcome: BattleOutcome | null = null;
  if (game.status === 'finished') {
    if (game.round !== game.rounds) out.add('record', 'rounds played', game.round, game.rounds, `record: finished after ${game.round} of ${game.rounds} rounds`);
    if (beacon !== null && serverSeed !== null && complete && setupError === null && game.round === game.rounds) {
      const values = Array.from({ length: game.rounds }, (_r, r) => Array.from({ length: game.seats }, (_s, s) => bySlot.get(`${r + 1}/${s + 1}`)?.value ?? 0));
      const rob = record.modes.rob;
      const judged: BattleRecord = {
        seats: game.seats,
        mode: game.mode,
        options,
        fairness: { beacon, serverSeed },
        values,
        ...(options.rob ? { robDecisions: rob ? robDecisionsOf(rob.seats, out) : [] } : {}),
      };
      try {
        if (options.rob) {
          const pair = robPair(judged);
          const recordedPair = (rob?.seats ?? []).map(({ seat }) => seat).toSorted((a, b) => a - b);
          if (!sameJson(recordedPair, pair.pair)) out.add('rob', 'pair', recordedPair, pair.pair);
          if (rob && !sameJson(rob.tiebreak && tiebreakWire(rob.tiebreak), tiebreakWire(pair.tiebreak))) out.add('rob', 'tiebreak', rob.tiebreak, tiebreakWire(pair.tiebreak));
        }
        outcome = decideBattle(judged);
        checkOutcome(record, outcome, out);
      } catch (error) {
        out.add('outcome', 'outcome', 'recorded', 'undecidable', `outcome: the rules cannot decide this record: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } else if (game.outcome !== null) {
    out.add('outcome', 'outcome', game.outcome.decided_by, 'none', `outcome: recorded while the battle is ${game.status}`);
  }
  return report('battle', out, replayed, outcome);
}

/** Replays whichever game arena.game answered. */
export function replayGame(record: UnboxReplayRecord | BattleReplayRecord): ReplayReport {
  return record.game.type === 'battle' ? replayBattle(record as BattleReplayRecord) : replayUnbox(record as UnboxReplayRecord);
}
