/**
 * The shapes of a battle as the engine keeps it: plain JSON-safe data, replaced (never mutated)
 * by every step, so the methods layer can persist a state, keep the previous one when a ledger
 * transfer fails, and restore a battle after a restart.
 */
import type { BeaconBlock } from '../../../src/core/battle-beacon.ts';
import type { BattleMode, BattleOptions, BattleOutcome, RobDecision, TiebreakRecord } from '../../../src/core/battle-rules.ts';
import type { TicketRange } from '../../../src/core/fair-ticket.ts';

/** Timings of every battle, in milliseconds; named once here. */
export const BATTLE_TIMINGS = {
  /** From the last seat filling to round 1: the beacon block (at most a second away) lands inside it. */
  countdownMs: 3_000,
  /** One round: the reels spin, settle and show the drops. */
  roundMs: { normal: 6_000, fast: 3_000 },
  /** Rob mode: time the pair has to commit, then to reveal once every commit is in. */
  robCommitMs: 20_000,
  robRevealMs: 20_000,
  /** How soon to look again for a beacon block that is not there yet. */
  beaconPollMs: 250,
  /**
   * A waiting battle nobody fills is cancelled this long after its creation, every seat
   * refunded (docs/decisions/0009): the spec names no figure; half an hour keeps the lobby
   * from filling with stale battles while leaving time for a friend to join a personal one.
   */
  waitingExpiryMs: 30 * 60_000,
} as const;

/** A player as the engine knows one: the methods layer's user id or hash. */
export type PlayerId = string;

/** Where a battle is: seats open, waiting for the beacon, rounds, rob decisions, done, or cancelled. */
export type BattleStatus = 'waiting' | 'process' | 'running' | 'rob' | 'finished' | 'closed';

/** Why a battle closed before it ran. */
export type CloseReason = 'creator_left' | 'cancelled';

/** A box item in a round's range table. */
export type DropItem = { readonly item: string; readonly range: TicketRange; readonly price: number };

/** A taken seat. */
export type Occupant = {
  readonly seat: number;
  readonly player: PlayerId;
  readonly bot: boolean;
  readonly creator: boolean;
  /** Who paid the seat (the player or a sponsor); null for a bot, which sits on the house. */
  readonly payer: PlayerId | null;
  /** Taken with a sponsor's credit: leaving gives the credit back instead of a refund. */
  readonly sponsored: boolean;
  /** The player's partnership.borrow when they sat down (absent for bots and older states). */
  readonly borrow?: number;
  /** Cents paid for the seat: what a leave or a close refunds to the payer. */
  readonly paid: number;
  /** The client seed sent with create or join, shown on the fairness page. */
  readonly clientSeed: string | null;
  readonly joinedAt: number;
};

/** A recorded drop: the roll and the item it picked. */
export type SeatDrop = {
  readonly round: number;
  readonly seat: number;
  readonly nonce: number;
  readonly ticket: number;
  readonly item: string;
  readonly range: TicketRange;
  readonly value: number;
};

/** The beacon block a battle's tickets are keyed by. */
export type BeaconRef = Pick<BeaconBlock, 'id' | 'number' | 'time'>;

/** Where the engine gets its beacon block: the sim's chain, or a fixed one in tests. */
export type BeaconSource = { blockAfter(time: number): BeaconBlock | null };

/** One seat of the rob pair and its commitment. A bot decides split at once and commits nothing. */
export type RobSeat = {
  readonly seat: number;
  readonly player: PlayerId;
  readonly bot: boolean;
  readonly hashed: string | null;
  readonly committedAt: number | null;
  /** The revealed decision (checked against `hashed`), or a bot's split; null until then. */
  readonly decision: RobDecision | null;
  readonly salt: string | null;
  readonly revealedAt: number | null;
};

/** The rob phase: commits until every one is in or the commit deadline, then reveals. */
export type RobPhase = {
  readonly status: 'commit' | 'reveal' | 'finished';
  readonly seats: readonly RobSeat[];
  readonly startedAt: number;
  readonly commitDeadline: number;
  readonly revealDeadline: number | null;
  /** Rolls that filled a tied place in the pair. */
  readonly tiebreak: TiebreakRecord | null;
};

/** Everything about one battle. */
export type BattleState = {
  readonly id: string;
  readonly personal: boolean;
  readonly creator: PlayerId;
  readonly seats: number;
  readonly mode: BattleMode;
  readonly options: BattleOptions;
  /** Cents one seat costs: the scheme's cases, one per round. */
  readonly price: number;
  /** Range table of each box by hash, and the box of each round. */
  readonly boxes: Readonly<Record<string, readonly DropItem[]>>;
  readonly rounds: readonly string[];
  readonly serverSeed: string;
  readonly serverSeedHashed: string;
  readonly status: BattleStatus;
  readonly createdAt: number;
  /** Seat s is occupants[s - 1]; null when free. */
  readonly occupants: readonly (Occupant | null)[];
  /** One entry per free seat a sponsor has paid for, naming the sponsor. */
  readonly sponsorCredits: readonly PlayerId[];
  readonly filledAt: number | null;
  readonly beacon: BeaconRef | null;
  readonly startAt: number | null;
  /** Drops of every round started so far, by round then seat. */
  readonly drops: readonly (readonly SeatDrop[])[];
  readonly rob: RobPhase | null;
  readonly outcome: BattleOutcome | null;
  /** When the battle finished or closed. */
  readonly endedAt: number | null;
  readonly closeReason: CloseReason | null;
};

/** A payment the methods layer makes when a battle finishes. */
export type PayoutIntent = {
  readonly seat: number;
  readonly player: PlayerId;
  readonly bot: boolean;
  readonly amount: number;
  /** drops: every drop enters the player's inventory; coins: `amount` cents are paid. */
  readonly kind: 'drops' | 'coins';
  readonly drops: readonly SeatDrop[];
};

/** What happened, for the methods layer to turn into ledger transfers and socket messages. */
export type BattleEvent =
  | { readonly type: 'STATUS'; readonly status: BattleStatus; readonly at: number }
  | { readonly type: 'SEATED'; readonly seat: number; readonly player: PlayerId; readonly bot: boolean; readonly sponsored: boolean }
  | { readonly type: 'LEFT'; readonly seat: number; readonly player: PlayerId; readonly kicked: boolean }
  | { readonly type: 'SPONSORED'; readonly sponsor: PlayerId; readonly seats: number }
  /** Debit `amount` from `player` in the same transaction that stores the new state. */
  | { readonly type: 'CHARGE'; readonly player: PlayerId; readonly amount: number; readonly reason: 'seat' | 'sponsor'; readonly seat: number | null }
  /** Credit `amount` back to `player` in the same transaction that stores the new state. */
  | { readonly type: 'REFUND'; readonly player: PlayerId; readonly amount: number; readonly reason: 'leave' | 'kick' | 'close' | 'sponsor_unused' }
  | { readonly type: 'BEACON'; readonly beacon: BeaconRef; readonly startAt: number }
  | { readonly type: 'ROUND_STARTED'; readonly round: number; readonly box: string; readonly drops: readonly SeatDrop[]; readonly startsAt: number; readonly endsAt: number }
  | { readonly type: 'ROB_STARTED'; readonly pair: readonly { seat: number; player: PlayerId; bot: boolean }[]; readonly commitDeadline: number; readonly tiebreak: TiebreakRecord | null }
  | { readonly type: 'ROB_COMMITTED'; readonly seat: number; readonly hashed: string }
  | { readonly type: 'ROB_REVEAL_STARTED'; readonly revealDeadline: number }
  | { readonly type: 'ROB_REVEALED'; readonly seat: number; readonly decision: RobDecision; readonly salt: string }
  /** Pay `payouts` (and nothing else) exactly once; the house keeps `house` cents of the pot. */
  | { readonly type: 'FINISHED'; readonly outcome: BattleOutcome; readonly payouts: readonly PayoutIntent[]; readonly house: number; readonly at: number }
  | { readonly type: 'CLOSED'; readonly reason: CloseReason; readonly at: number };

/** Why the engine refused a command; the methods layer maps each to the spec's error. */
export const BattleErrorCode = {
  BAD_SETUP: 'BAD_SETUP',
  FULL: 'FULL',
  STARTED: 'STARTED',
  FINISHED: 'FINISHED',
  CLOSED: 'CLOSED',
  ALREADY_SEATED: 'ALREADY_SEATED',
  NO_SUCH_SEAT: 'NO_SUCH_SEAT',
  SEAT_TAKEN: 'SEAT_TAKEN',
  NOT_SEATED: 'NOT_SEATED',
  NOT_CREATOR: 'NOT_CREATOR',
  NOT_PERSONAL: 'NOT_PERSONAL',
  KICK_SELF: 'KICK_SELF',
  NO_FREE_SEATS: 'NO_FREE_SEATS',
  NOT_ENOUGH_BOTS: 'NOT_ENOUGH_BOTS',
  NOT_ROB_PHASE: 'NOT_ROB_PHASE',
  NOT_IN_PAIR: 'NOT_IN_PAIR',
  COMMIT_CLOSED: 'COMMIT_CLOSED',
  ALREADY_COMMITTED: 'ALREADY_COMMITTED',
  BAD_COMMIT: 'BAD_COMMIT',
  REVEAL_NOT_OPEN: 'REVEAL_NOT_OPEN',
  REVEAL_CLOSED: 'REVEAL_CLOSED',
  NOT_COMMITTED: 'NOT_COMMITTED',
  ALREADY_REVEALED: 'ALREADY_REVEALED',
  BAD_REVEAL: 'BAD_REVEAL',
  REVEAL_MISMATCH: 'REVEAL_MISMATCH',
} as const;

/** A refusal code. */
export type BattleErrorCode = keyof typeof BattleErrorCode;

/** A refused command: nothing changed. */
export type BattleError = { readonly code: BattleErrorCode; readonly message: string };

/** A new state and what happened on the way there. */
export type BattleStep = { readonly state: BattleState; readonly events: readonly BattleEvent[] };

/** A command's answer: the step it made, or why it was refused. */
export type BattleResult = ({ readonly ok: true } & BattleStep) | { readonly ok: false; readonly error: BattleError };

/** A refusal. */
export function refuse(code: BattleErrorCode, message: string): BattleResult {
  return { ok: false, error: { code, message } };
}

/** An accepted step. */
export function accept(state: BattleState, events: readonly BattleEvent[]): BattleResult {
  return { ok: true, state, events };
}

/** The seat a player sits in, or null. */
export function seatOf(state: BattleState, player: PlayerId): Occupant | null {
  return state.occupants.find((occupant) => occupant?.player === player) ?? null;
}

/** Free seat numbers, lowest first. */
export function freeSeats(state: BattleState): number[] {
  return state.occupants.flatMap((occupant, i) => (occupant === null ? [i + 1] : []));
}

/** The state with seat `seat` set to `occupant` (or freed). */
export function withSeat(state: BattleState, seat: number, occupant: Occupant | null): BattleState {
  return { ...state, occupants: state.occupants.map((current, i) => (i === seat - 1 ? occupant : current)) };
}

/** Refunds of unused sponsor credits, one per sponsor. */
export function sponsorRefunds(state: BattleState): BattleEvent[] {
  const bySponsor = new Map<PlayerId, number>();
  for (const sponsor of state.sponsorCredits) bySponsor.set(sponsor, (bySponsor.get(sponsor) ?? 0) + state.price);
  return [...bySponsor].map(([player, amount]) => ({ type: 'REFUND', player, amount, reason: 'sponsor_unused' }));
}
