// Case-battle rules (docs/design.md sections 6 and 7): the drop tickets, the drops, and who wins
// and how the pot is paid. The sim-server's engine decides every battle with these functions and
// the fairness worker replays a finished battle's public record through the same ones.
//
// Everything is decided per SIDE: in solo each seat is a side, in team (4 seats) team 1 is seats
// 1 and 2, team 2 is seats 3 and 4, and a side's value in a round is the sum of its seats' drops.
// A side's SCORE is its total over all rounds, or with `terminal` its last round's value; the
// better score is the higher one, or with `crazy` the lower one.
//
// Single options:
//   standard   the best score takes every drop (drops to a solo winner's inventory).
//   crazy      the lowest score wins.
//   terminal   only the last round's values make the score.
//   share      every seat gets pot / seats in coins; the other options only shape the standings.
//   kings = K  a round's best side value wins that side a crown; a round whose best value is
//              shared gives NO crown (so two sides never reach K in the same round). The first
//              side to reach K crowns wins; all rounds are still played and crowns still counted.
//              If nobody reaches K, the best score wins. K may not exceed the rounds.
//   tiebreak   sides tied for the win are settled by one fair roll: ticket = fairTicket(beacon,
//              serverSeed, tiebreakNonce(rounds, seats), tiedSides); the ticket-th tied side in
//              seat order wins. Without tiebreak a tie splits the pot among the tied sides' seats.
//   rob        (solo only) the two leading seats choose split or rob: split+split halves the pot,
//              one rob takes every drop, rob+rob sends the pot to the house. A seat with no valid
//              decision in time counts as split. If several seats tie for a place in the pair, the
//              place is filled by fair rolls from tiebreakNonce on (max = candidates left), whether
//              or not tiebreak is on: the pair must be two seats and a rob result never ties.
//   fast       shorter rounds only; never changes an outcome.
// Pairs (each follows from the single rules; listed so none is left to guess):
//   crazy+terminal     the lowest last-round value wins.
//   crazy+tiebreak     a tie for the lowest score is rolled.
//   crazy+kings        the lowest round value wins the crown; if nobody reaches K, the lowest total.
//   crazy+rob          the pair is the two lowest scores.
//   terminal+tiebreak  a tie on the last round is rolled.
//   terminal+kings     crowns over every round; if nobody reaches K, the best LAST round wins.
//   terminal+rob       the pair is the two best last rounds.
//   tiebreak+kings     only a fallback tie can be rolled (first-to-K never ties).
//   tiebreak+rob       nothing beyond rob (its pair ties are always rolled, its results never tie).
//   kings+rob          the pair is the top two of the kings race: sides that reached K ranked by
//                      the round they did, above the rest ranked by score.
//   share+crazy/terminal/tiebreak/kings   share pays; the other option shapes the standings only.
//   rob+share          refused: share leaves nothing to rob.
//   any+fast           as without fast.
// Team mode: team+crazy/terminal/tiebreak (max = 2 teams)/kings (a round's crown goes to the better
//   team sum) follow the side rules; team+share pays all four seats; team+rob is refused (a team
//   cannot make one decision).
//
// Payment (docs/design.md section 7): one solo seat winning outright (or robbing) takes every drop;
// any other result (a team win, a tie split, share, rob split) pays coins, each paid seat getting
// floor(pot / paid seats) and the house keeping the items and the remainder cents. Paid + house
// always equals the pot, and no seat is paid twice.
import type { PoolItem } from './drop-pool.ts';
import { battleNonce, fairTicket, hashDecision, pickByTicket, tiebreakNonce, TICKET_MAX } from './fair-ticket.ts';
import { BATTLE_SEATS, MAX_ROUNDS } from './scheme.ts';

/** Battle modes: every seat for itself, or two teams of two. */
export const BATTLE_MODES = ['solo', 'team'] as const;

/** A battle mode. */
export type BattleMode = (typeof BATTLE_MODES)[number];

/** Seats of a team battle: team 1 is seats 1 and 2, team 2 is seats 3 and 4. */
export const TEAM_BATTLE_SEATS = 4;

/** A battle's options, all present (see {@link battleOptions}). */
export type BattleOptions = {
  readonly crazy: boolean;
  readonly terminal: boolean;
  readonly tiebreak: boolean;
  /** Crowns needed to win; 0 is off. */
  readonly kings: number;
  readonly rob: boolean;
  readonly share: boolean;
  readonly fast: boolean;
};

/** Options of a standard battle: nothing on. */
export const STANDARD_OPTIONS: BattleOptions = Object.freeze({
  crazy: false,
  terminal: false,
  tiebreak: false,
  kings: 0,
  rob: false,
  share: false,
  fast: false,
});

/** Full options from the ones that are on (the wire sends only those). */
export function battleOptions(options: Partial<BattleOptions> = {}): BattleOptions {
  return { ...STANDARD_OPTIONS, ...options };
}

/** Seats, mode and options: what decides how a battle is judged. */
export type BattleSetup = { readonly seats: number; readonly mode: BattleMode; readonly options: BattleOptions };

/** Seats a battle has when the create call does not say: 4 for team, 2 for solo. */
export function defaultSeats(mode: BattleMode): number {
  return mode === 'team' ? TEAM_BATTLE_SEATS : BATTLE_SEATS.min;
}

/** Why a battle cannot be set up with these seats, mode, options and number of rounds, or null. */
export function battleSetupError(setup: BattleSetup, rounds: number): string | null {
  const { seats, mode, options } = setup;
  if (!Number.isSafeInteger(seats) || seats < BATTLE_SEATS.min || seats > BATTLE_SEATS.max) {
    return `A battle has ${BATTLE_SEATS.min} to ${BATTLE_SEATS.max} seats`;
  }
  if (!(BATTLE_MODES as readonly string[]).includes(mode)) return `Unknown mode ${String(mode)}`;
  if (mode === 'team' && seats !== TEAM_BATTLE_SEATS) return `A team battle has ${TEAM_BATTLE_SEATS} seats`;
  if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) return `A battle has 1 to ${MAX_ROUNDS} rounds`;
  if (!Number.isSafeInteger(options.kings) || options.kings < 0) return 'Kings must be a whole number of crowns';
  if (options.kings > rounds) return 'Kings needs no more crowns than rounds';
  if (options.rob && mode === 'team') return 'Rob mode is for solo battles';
  if (options.rob && options.share) return 'Rob and share cannot be combined';
  return null;
}

/** The sides of a battle, each a list of seats: one side per seat in solo, two teams in team. */
export function battleSides(seats: number, mode: BattleMode): number[][] {
  if (mode === 'team') return [[1, 2], [3, 4]];
  return Array.from({ length: seats }, (_, i) => [i + 1]);
}

// --- Drops ---------------------------------------------------------------------------------

/** The public keys of a battle's rolls: the beacon block id and the battle's server seed. */
export type BattleFairness = { readonly beacon: string; readonly serverSeed: string };

/** One seat's drop in one round: the roll and the item it picked. */
export type BattleDrop<T extends PoolItem = PoolItem> = {
  readonly round: number;
  readonly seat: number;
  readonly nonce: number;
  readonly ticket: number;
  readonly item: T;
  /** The item's price in cents. */
  readonly value: number;
};

/** The ticket of round `round`, seat `seat` (1-based) in a battle of `seats` seats. */
export function battleDropTicket(fairness: BattleFairness, round: number, seat: number, seats: number): number {
  return fairTicket(fairness.beacon, fairness.serverSeed, battleNonce(round, seat, seats), TICKET_MAX);
}

/** Every seat's drop in one round from that round's range table. */
export function battleRoundDrops<T extends PoolItem>(fairness: BattleFairness, round: number, seats: number, table: readonly T[]): BattleDrop<T>[] {
  return Array.from({ length: seats }, (_, i) => {
    const seat = i + 1;
    const nonce = battleNonce(round, seat, seats);
    const ticket = fairTicket(fairness.beacon, fairness.serverSeed, nonce, TICKET_MAX);
    const item = pickByTicket(table, ticket);
    if (item === null) throw new RangeError(`round ${round} table has no item for ticket ${ticket}`);
    return { round, seat, nonce, ticket, item, value: item.price };
  });
}

/** Every drop of a battle, by round then seat, from each round's range table in order. */
export function battleDrops<T extends PoolItem>(fairness: BattleFairness, seats: number, tables: readonly (readonly T[])[]): BattleDrop<T>[][] {
  return tables.map((table, i) => battleRoundDrops(fairness, i + 1, seats, table));
}

/** Drop values by round then seat: what {@link decideBattle} reads. */
export function dropValues(drops: readonly (readonly { readonly value: number }[])[]): number[][] {
  return drops.map((round) => round.map((drop) => drop.value));
}

// --- Rob decisions -------------------------------------------------------------------------

/** The two rob-mode decisions. */
export const ROB_DECISIONS = ['split', 'rob'] as const;

/** A rob-mode decision. */
export type RobDecision = (typeof ROB_DECISIONS)[number];

/** Whether a value is a rob-mode decision. */
export function isRobDecision(value: unknown): value is RobDecision {
  return value === 'split' || value === 'rob';
}

/** Whether a revealed decision and salt match the commitment (decision_hashed, any hex case). */
export function robRevealMatches(hashed: string, decision: string, salt: string): boolean {
  return hashDecision(decision, salt) === hashed.toLowerCase();
}

// --- Outcome -------------------------------------------------------------------------------

/** A battle's public record as the rules read it. */
export type BattleRecord = BattleSetup & {
  readonly fairness: BattleFairness;
  /** Drop values in cents: values[r - 1][s - 1] is round r, seat s. */
  readonly values: readonly (readonly number[])[];
  /** Rob mode: the decisions counted for the pair; a pair seat missing here counts as split. */
  readonly robDecisions?: readonly { readonly seat: number; readonly decision: RobDecision }[];
};

/** One seat's standing: its own total, its side's score and crowns. */
export type SeatStanding = {
  readonly seat: number;
  /** 1-based side: the seat in solo, the team in team mode. */
  readonly side: number;
  /** Sum of this seat's drops in cents. */
  readonly total: number;
  /** The side's score: its total, or its last round's value with terminal. */
  readonly score: number;
  /** The side's crowns (kings); 0 without kings. */
  readonly crowns: number;
};

/** Fair rolls that settled a tie: the tied seats, the seats picked, and each roll. */
export type TiebreakRecord = {
  readonly players: readonly number[];
  readonly winners: readonly number[];
  readonly rolls: readonly { readonly nonce: number; readonly max: number; readonly ticket: number }[];
};

/** How the pot is paid: every drop to one seat, coins to seats, or all to the house. */
export type BattlePayout = {
  readonly kind: 'drops' | 'coins' | 'house';
  /** Cents per paid seat; for `drops` the one seat and the pot's value. */
  readonly shares: readonly { readonly seat: number; readonly amount: number }[];
  /** Cents the house keeps: the rounding remainder of a split, or the whole pot on rob+rob. */
  readonly house: number;
};

/** What decided a battle. */
export type BattleDecider = 'total' | 'terminal' | 'kings' | 'tiebreak' | 'tie' | 'share' | 'rob';

/** The rob phase's result: the pair, the decisions counted, and what they made. */
export type RobResult = {
  readonly pair: readonly [number, number];
  readonly decisions: readonly { readonly seat: number; readonly decision: RobDecision }[];
  readonly result: 'split' | 'rob' | 'both_rob';
};

/** A decided battle. */
export type BattleOutcome = {
  /** Sum of every drop's value in cents. */
  readonly pot: number;
  readonly standings: readonly SeatStanding[];
  /** Seats paid: one winner, a team, tied seats, every seat (share), or none (rob+rob). */
  readonly winners: readonly number[];
  readonly decidedBy: BattleDecider;
  readonly payout: BattlePayout;
  /** Rolls that settled a tie for the win or for a place in the rob pair; null when none was needed. */
  readonly tiebreak: TiebreakRecord | null;
  /** Kings: the round in which the first side reached K crowns (the race winner); null when nobody did. */
  readonly kingsRound: number | null;
  readonly rob: RobResult | null;
};

type Side = {
  readonly index: number;
  readonly seats: readonly number[];
  readonly score: number;
  readonly crowns: number;
  /** The round in which this side reached K crowns; at most one side per round. */
  readonly kingsRound: number | null;
};

function assertRecord(record: BattleRecord): void {
  const error = battleSetupError(record, record.values.length);
  if (error !== null) throw new RangeError(error);
  for (const [r, row] of record.values.entries()) {
    if (row.length !== record.seats) throw new RangeError(`round ${r + 1} has ${row.length} values for ${record.seats} seats`);
    for (const value of row) {
      if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`round ${r + 1} has a value that is not whole cents: ${value}`);
    }
  }
}

function sumOf(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0);
}

function cell(values: readonly (readonly number[])[], round: number, seat: number): number {
  return values[round]?.[seat - 1] ?? 0;
}

// Side value each round, crowns, the K round and the score of every side.
function sidesOf(record: BattleRecord): Side[] {
  const { values, options } = record;
  const groups = battleSides(record.seats, record.mode);
  const perRound = values.map((_, r) => groups.map((seats) => sumOf(seats.map((seat) => cell(values, r, seat)))));
  const crowns = groups.map(() => 0);
  const kingsRound: (number | null)[] = groups.map(() => null);
  if (options.kings > 0) {
    for (const [r, sideValues] of perRound.entries()) {
      const best = options.crazy ? Math.min(...sideValues) : Math.max(...sideValues);
      const holders = sideValues.flatMap((value, i) => (value === best ? [i] : []));
      const [only] = holders;
      if (holders.length !== 1 || only === undefined) continue;
      crowns[only] = (crowns[only] ?? 0) + 1;
      if (crowns[only] === options.kings) kingsRound[only] = r + 1;
    }
  }
  const last = perRound.at(-1) ?? [];
  return groups.map((seats, i) => ({
    index: i,
    seats,
    score: options.terminal ? (last[i] ?? 0) : sumOf(perRound.map((row) => row[i] ?? 0)),
    crowns: crowns[i] ?? 0,
    kingsRound: kingsRound[i] ?? null,
  }));
}

// Negative when `a` ranks before `b`; 0 when they are tied.
function compareSides(a: Side, b: Side, options: BattleOptions): number {
  if (a.kingsRound !== null || b.kingsRound !== null) {
    if (a.kingsRound === null) return 1;
    if (b.kingsRound === null) return -1;
    return a.kingsRound - b.kingsRound;
  }
  return options.crazy ? a.score - b.score : b.score - a.score;
}

// Sides best first, grouped where tied; within a group, in seat order.
function rankGroups(sides: readonly Side[], options: BattleOptions): Side[][] {
  const sorted = sides.toSorted((a, b) => compareSides(a, b, options) || a.index - b.index);
  const groups: Side[][] = [];
  for (const side of sorted) {
    const group = groups.at(-1);
    const head = group?.[0];
    if (group && head && compareSides(head, side, options) === 0) group.push(side);
    else groups.push([side]);
  }
  return groups;
}

// Picks `places` of the candidates with fair rolls from `nonce` on, one roll per place.
function rollPlaces(fairness: BattleFairness, nonce: number, candidates: readonly Side[], places: number): { picked: Side[]; record: TiebreakRecord } {
  const left = [...candidates];
  const picked: Side[] = [];
  const rolls: { nonce: number; max: number; ticket: number }[] = [];
  while (picked.length < places) {
    const max = left.length;
    const rollNonce = nonce + rolls.length;
    const ticket = fairTicket(fairness.beacon, fairness.serverSeed, rollNonce, max);
    const [side] = left.splice(ticket - 1, 1);
    if (side === undefined) throw new RangeError(`ticket ${ticket} is past ${max} candidates`);
    picked.push(side);
    rolls.push({ nonce: rollNonce, max, ticket });
  }
  return {
    picked,
    record: { players: candidates.flatMap((side) => side.seats), winners: picked.flatMap((side) => side.seats), rolls },
  };
}

function firstTiebreakNonce(record: BattleRecord): number {
  return tiebreakNonce(record.values.length, record.seats);
}

function standingsOf(record: BattleRecord, sides: readonly Side[]): SeatStanding[] {
  return sides.flatMap((side) =>
    side.seats.map((seat) => ({
      seat,
      side: side.index + 1,
      total: sumOf(record.values.map((_, r) => cell(record.values, r, seat))),
      score: side.score,
      crowns: side.crowns,
    })),
  ).toSorted((a, b) => a.seat - b.seat);
}

function dropsTo(seat: number, pot: number): BattlePayout {
  return { kind: 'drops', shares: [{ seat, amount: pot }], house: 0 };
}

function coinsTo(seats: readonly number[], pot: number): BattlePayout {
  const each = Math.floor(pot / seats.length);
  return { kind: 'coins', shares: seats.toSorted((a, b) => a - b).map((seat) => ({ seat, amount: each })), house: pot - each * seats.length };
}

function paidTo(side: Side, pot: number): BattlePayout {
  const [only] = side.seats;
  return side.seats.length === 1 && only !== undefined ? dropsTo(only, pot) : coinsTo(side.seats, pot);
}

/** The two seats that choose split or rob, and the rolls that filled a tied place (rob mode). */
export function robPair(record: BattleRecord): { pair: readonly [number, number]; tiebreak: TiebreakRecord | null } {
  assertRecord(record);
  if (!record.options.rob) throw new RangeError('robPair needs a rob-mode battle');
  const pair: Side[] = [];
  let tiebreak: TiebreakRecord | null = null;
  for (const group of rankGroups(sidesOf(record), record.options)) {
    const places = 2 - pair.length;
    if (group.length <= places) pair.push(...group);
    else {
      const rolled = rollPlaces(record.fairness, firstTiebreakNonce(record), group, places);
      pair.push(...rolled.picked);
      tiebreak = rolled.record;
    }
    if (pair.length === 2) break;
  }
  const [a, b] = pair.map((side) => side.seats[0] ?? 0).toSorted((x, y) => x - y);
  if (a === undefined || b === undefined) throw new RangeError('a rob pair needs two seats');
  return { pair: [a, b], tiebreak };
}

function robOutcome(record: BattleRecord, pot: number): Pick<BattleOutcome, 'winners' | 'payout' | 'rob' | 'tiebreak'> {
  const { pair, tiebreak } = robPair(record);
  const given = record.robDecisions ?? [];
  for (const { seat } of given) {
    if (!pair.includes(seat)) throw new RangeError(`seat ${seat} is not in the rob pair ${pair.join(', ')}`);
  }
  const decisions = pair.map((seat) => ({ seat, decision: given.find((entry) => entry.seat === seat)?.decision ?? 'split' }));
  const robbers = decisions.filter(({ decision }) => decision === 'rob').map(({ seat }) => seat);
  const [robber] = robbers;
  if (robbers.length === 2) {
    return { winners: [], payout: { kind: 'house', shares: [], house: pot }, rob: { pair, decisions, result: 'both_rob' }, tiebreak };
  }
  if (robber !== undefined) return { winners: [robber], payout: dropsTo(robber, pot), rob: { pair, decisions, result: 'rob' }, tiebreak };
  return { winners: [...pair], payout: coinsTo(pair, pot), rob: { pair, decisions, result: 'split' }, tiebreak };
}

/** Decides a battle from its record: standings, winners and how the pot is paid. Throws on a malformed record. */
export function decideBattle(record: BattleRecord): BattleOutcome {
  assertRecord(record);
  const { options } = record;
  const sides = sidesOf(record);
  const standings = standingsOf(record, sides);
  const pot = sumOf(record.values.map(sumOf));
  const groups = rankGroups(sides, options);
  const [top = []] = groups;
  const [leader] = top;
  if (leader === undefined) throw new RangeError('a battle needs sides');
  // Only the first side to K can hold the earliest K round, so the leader's is the race's.
  const base: Pick<BattleOutcome, 'pot' | 'standings' | 'kingsRound' | 'tiebreak' | 'rob'> = { pot, standings, kingsRound: leader.kingsRound, tiebreak: null, rob: null };
  if (options.share) {
    const everyone = standings.map(({ seat }) => seat);
    return { ...base, winners: everyone, decidedBy: 'share', payout: coinsTo(everyone, pot) };
  }
  if (options.rob) return { ...base, ...robOutcome(record, pot), decidedBy: 'rob' };
  if (top.length === 1) {
    const decidedBy = leader.kingsRound !== null ? 'kings' : options.terminal ? 'terminal' : 'total';
    return { ...base, winners: [...leader.seats], decidedBy, payout: paidTo(leader, pot) };
  }
  if (options.tiebreak) {
    const { picked, record: tiebreak } = rollPlaces(record.fairness, firstTiebreakNonce(record), top, 1);
    const [winner = leader] = picked;
    return { ...base, winners: [...winner.seats], decidedBy: 'tiebreak', payout: paidTo(winner, pot), tiebreak };
  }
  const tied = top.flatMap((side) => side.seats);
  return { ...base, winners: tied.toSorted((a, b) => a - b), decidedBy: 'tie', payout: coinsTo(tied, pot) };
}
