/**
 * The battle engine: one pure state machine per battle on an injected clock, no I/O.
 *
 *   waiting --last seat filled--> process --beacon block + countdown--> running (round by round)
 *     --last round over--> [rob: commit -> reveal] --> finished
 *   waiting --creator leaves / cancel / not filled within waitingExpiryMs--> closed
 *
 * Commands (create, join, leave, kick, sponsor, callBots, cancel, rob commit / reveal) and
 * `tickBattle(state, now, beacon)` return a new state and the events that happened; nothing is
 * mutated, so the methods layer stores the new state and makes the CHARGE / REFUND / FINISHED
 * transfers in one transaction, or keeps the old state if a transfer fails. Apply every command
 * to the latest state inside one synchronous section, and tick before a rob command so deadlines
 * that passed are applied first. Every timestamp in an event comes from the schedule (start time,
 * round length, deadlines), not from when tick ran, so a late tick changes nothing but latency.
 * Outcomes come from src/core/battle-rules.ts, the same code the fairness replay runs.
 */
import {
  battleRoundDrops,
  battleSetupError,
  decideBattle,
  dropValues,
  isRobDecision,
  robPair,
  robRevealMatches,
  type BattleMode,
  type BattleOptions,
  type BattleRecord,
} from '../../../src/core/battle-rules.ts';
import { sha256Hex, validateRanges } from '../../../src/core/fair-ticket.ts';
import {
  accept,
  BATTLE_TIMINGS,
  refuse,
  type BattleEvent,
  type BattleResult,
  type BattleState,
  type BattleStep,
  type BeaconSource,
  type DropItem,
  type Occupant,
  type PayoutIntent,
  type PlayerId,
  type RobPhase,
  type RobSeat,
  type SeatDrop,
} from './state.ts';
import { cancelBattle } from './seating.ts';

export * from './state.ts';
export { callBots, cancelBattle, joinBattle, kickFromBattle, leaveBattle, sponsorSeats, type JoinCommand } from './seating.ts';

/** What a new battle needs; the creator takes (and pays) a seat at once. */
export type BattleConfig = {
  id: string;
  personal: boolean;
  creator: PlayerId;
  /** The creator's seat; seat 1 when not given. */
  creatorSeat?: number;
  creatorSeed?: string;
  /** The creator's partnership.borrow as they create (shown with their seat). */
  creatorBorrow?: number;
  seats: number;
  mode: BattleMode;
  options: BattleOptions;
  /** Cents a seat costs. */
  price: number;
  boxes: Readonly<Record<string, readonly DropItem[]>>;
  /** The box of each round, in order (the scheme expanded). */
  rounds: readonly string[];
  /** The battle's secret seed; only its SHA-256 is public until the battle finishes. */
  serverSeed: string;
};

const SALT_MAX_LENGTH = 256;
const HEX64 = /^[0-9a-f]{64}$/i;

function configError(config: BattleConfig): string | null {
  const setup = battleSetupError(config, config.rounds.length);
  if (setup !== null) return setup;
  if (!Number.isSafeInteger(config.price) || config.price < 1) return 'A seat must cost whole cents';
  if (config.serverSeed === '') return 'A battle needs a server seed';
  for (const box of new Set(config.rounds)) {
    const table = config.boxes[box];
    if (!table) return `Box ${box} has no range table`;
    const ranges = validateRanges(table);
    if (ranges !== null) return `Box ${box}: ${ranges}`;
    if (table.some((item) => !Number.isSafeInteger(item.price) || item.price < 0)) return `Box ${box} has an item without a price in cents`;
  }
  const seat = config.creatorSeat ?? 1;
  if (!Number.isSafeInteger(seat) || seat < 1 || seat > config.seats) return `This battle has seats 1 to ${config.seats}`;
  return null;
}

/** A new waiting battle with its creator seated and charged. */
export function createBattle(config: BattleConfig, now: number): BattleResult {
  const error = configError(config);
  if (error !== null) return refuse('BAD_SETUP', error);
  const seat = config.creatorSeat ?? 1;
  const creator: Occupant = {
    seat,
    player: config.creator,
    bot: false,
    creator: true,
    payer: config.creator,
    sponsored: false,
    paid: config.price,
    clientSeed: config.creatorSeed ?? null,
    joinedAt: now,
    ...(config.creatorBorrow !== undefined && { borrow: config.creatorBorrow }),
  };
  const state: BattleState = {
    id: config.id,
    personal: config.personal,
    creator: config.creator,
    seats: config.seats,
    mode: config.mode,
    options: config.options,
    price: config.price,
    boxes: config.boxes,
    rounds: config.rounds,
    serverSeed: config.serverSeed,
    serverSeedHashed: sha256Hex(config.serverSeed),
    status: 'waiting',
    createdAt: now,
    occupants: Array.from({ length: config.seats }, (_, i) => (i + 1 === seat ? creator : null)),
    sponsorCredits: [],
    filledAt: null,
    beacon: null,
    startAt: null,
    drops: [],
    rob: null,
    outcome: null,
    endedAt: null,
    closeReason: null,
  };
  // At least two seats, so the creator alone never fills a battle.
  return accept(state, [
    { type: 'STATUS', status: 'waiting', at: now },
    { type: 'SEATED', seat, player: config.creator, bot: false, sponsored: false },
    { type: 'CHARGE', player: config.creator, amount: config.price, reason: 'seat', seat },
  ]);
}

/** Milliseconds one round lasts for these options. */
export function roundDuration(options: BattleOptions): number {
  return options.fast ? BATTLE_TIMINGS.roundMs.fast : BATTLE_TIMINGS.roundMs.normal;
}

/** When round `round` starts (round count + 1 gives the end of the last round); null before the start is known. */
export function roundStartsAt(state: BattleState, round: number): number | null {
  return state.startAt === null ? null : state.startAt + (round - 1) * roundDuration(state.options);
}

function occupantAt(state: BattleState, seat: number): Occupant {
  const occupant = state.occupants[seat - 1];
  if (!occupant) throw new Error(`battle ${state.id} has no one in seat ${seat}`);
  return occupant;
}

/** The record the rules judge: setup, fairness keys, drop values and counted rob decisions (needs the beacon). */
export function battleRecord(state: BattleState): BattleRecord {
  if (state.beacon === null) throw new Error(`battle ${state.id} has no beacon yet`);
  return {
    seats: state.seats,
    mode: state.mode,
    options: state.options,
    fairness: { beacon: state.beacon.id, serverSeed: state.serverSeed },
    values: dropValues(state.drops),
    ...(state.rob ? { robDecisions: state.rob.seats.map(({ seat, decision }) => ({ seat, decision: decision ?? 'split' })) } : {}),
  };
}

/** The range table of every round in order: with the record, all the fairness replay needs. */
export function battleTables(state: BattleState): (readonly DropItem[])[] {
  return state.rounds.map((box) => state.boxes[box] ?? []);
}

function startRound(state: BattleState, at: number): BattleStep {
  const round = state.drops.length + 1;
  const box = state.rounds[round - 1];
  if (state.beacon === null || box === undefined) throw new Error(`battle ${state.id} cannot start round ${round}`);
  const fairness = { beacon: state.beacon.id, serverSeed: state.serverSeed };
  const drops: SeatDrop[] = battleRoundDrops(fairness, round, state.seats, state.boxes[box] ?? []).map((drop) => ({
    round,
    seat: drop.seat,
    nonce: drop.nonce,
    ticket: drop.ticket,
    item: drop.item.item,
    range: drop.item.range,
    value: drop.value,
  }));
  return {
    state: { ...state, drops: [...state.drops, drops] },
    events: [{ type: 'ROUND_STARTED', round, box, drops, startsAt: at, endsAt: at + roundDuration(state.options) }],
  };
}

function finish(state: BattleState, at: number): BattleStep {
  const rob = state.rob ? { ...state.rob, status: 'finished' as const } : null;
  const judged = { ...state, rob };
  const outcome = decideBattle(battleRecord(judged));
  const kind = outcome.payout.kind === 'drops' ? 'drops' : 'coins';
  const allDrops = state.drops.flat();
  const payouts: PayoutIntent[] = outcome.payout.shares.map(({ seat, amount }) => {
    const occupant = occupantAt(state, seat);
    return { seat, player: occupant.player, bot: occupant.bot, amount, kind, drops: kind === 'drops' ? allDrops : [] };
  });
  return {
    state: { ...judged, status: 'finished', outcome, endedAt: at },
    events: [
      { type: 'STATUS', status: 'finished', at },
      { type: 'FINISHED', outcome, payouts, house: outcome.payout.house, at },
    ],
  };
}

function humansOf(rob: RobPhase): RobSeat[] {
  return rob.seats.filter((seat) => !seat.bot);
}

function startRob(state: BattleState, at: number): BattleStep {
  const { pair, tiebreak } = robPair(battleRecord(state));
  const seats: RobSeat[] = pair.map((seat) => {
    const { player, bot } = occupantAt(state, seat);
    // Bots never rob: they count as split from the start and commit nothing.
    return { seat, player, bot, hashed: null, committedAt: null, decision: bot ? 'split' : null, salt: null, revealedAt: bot ? at : null };
  });
  const rob: RobPhase = { status: 'commit', seats, startedAt: at, commitDeadline: at + BATTLE_TIMINGS.robCommitMs, revealDeadline: null, tiebreak };
  const events: BattleEvent[] = [
    { type: 'STATUS', status: 'rob', at },
    { type: 'ROB_STARTED', pair: seats.map(({ seat, player, bot }) => ({ seat, player, bot })), commitDeadline: rob.commitDeadline, tiebreak },
  ];
  const next: BattleState = { ...state, status: 'rob', rob };
  if (humansOf(rob).length > 0) return { state: next, events };
  const done = finish(next, at);
  return { state: done.state, events: [...events, ...done.events] };
}

function openReveals(state: BattleState, rob: RobPhase, at: number): BattleStep {
  const revealDeadline = at + BATTLE_TIMINGS.robRevealMs;
  return { state: { ...state, rob: { ...rob, status: 'reveal', revealDeadline } }, events: [{ type: 'ROB_REVEAL_STARTED', revealDeadline }] };
}

// The commit deadline passed: seats without a commit count as split; the others get to reveal.
function closeCommits(state: BattleState, rob: RobPhase): BattleStep {
  if (humansOf(rob).every((seat) => seat.hashed === null)) return finish(state, rob.commitDeadline);
  return openReveals(state, rob, rob.commitDeadline);
}

// One transition due by `now`, or null when nothing is due.
function advance(state: BattleState, now: number, beacon: BeaconSource): BattleStep | null {
  switch (state.status) {
    case 'waiting': {
      const expiresAt = expiresAtOf(state);
      if (now < expiresAt) return null;
      const closed = cancelBattle(state, expiresAt);
      return closed.ok ? { state: closed.state, events: closed.events } : null;
    }
    case 'process': {
      if (state.filledAt === null) return null;
      if (state.beacon === null) {
        const block = beacon.blockAfter(state.filledAt);
        if (block === null) return null;
        const ref = { id: block.id, number: block.number, time: block.time };
        const startAt = Math.max(state.filledAt + BATTLE_TIMINGS.countdownMs, block.time);
        return { state: { ...state, beacon: ref, startAt }, events: [{ type: 'BEACON', beacon: ref, startAt }] };
      }
      if (state.startAt === null || now < state.startAt) return null;
      const round = startRound({ ...state, status: 'running' }, state.startAt);
      return { state: round.state, events: [{ type: 'STATUS', status: 'running', at: state.startAt }, ...round.events] };
    }
    case 'running': {
      const next = state.drops.length + 1;
      const at = roundStartsAt(state, next);
      if (at === null || now < at) return null;
      if (next <= state.rounds.length) return startRound(state, at);
      return state.options.rob ? startRob(state, at) : finish(state, at);
    }
    case 'rob': {
      const { rob } = state;
      if (rob?.status === 'commit' && now >= rob.commitDeadline) return closeCommits(state, rob);
      if (rob?.status === 'reveal' && rob.revealDeadline !== null && now >= rob.revealDeadline) return finish(state, rob.revealDeadline);
      return null;
    }
    default:
      return null;
  }
}

/** Applies everything due by `now`: the beacon, round starts (drops decided then), the rob deadlines, the finish. */
export function tickBattle(state: BattleState, now: number, beacon: BeaconSource): BattleStep {
  let current = state;
  const events: BattleEvent[] = [];
  for (let step = advance(current, now, beacon); step !== null; step = advance(current, now, beacon)) {
    current = step.state;
    events.push(...step.events);
  }
  return { state: current, events };
}

/** When a waiting battle that is still not full gets cancelled and refunded. */
export function expiresAtOf(state: Pick<BattleState, 'createdAt'>): number {
  return state.createdAt + BATTLE_TIMINGS.waitingExpiryMs;
}

/** When the battle next needs a tick, or null when only a command can move it. */
export function nextWakeAt(state: BattleState, now: number): number | null {
  switch (state.status) {
    case 'waiting':
      return expiresAtOf(state);
    case 'process':
      return state.beacon === null ? now + BATTLE_TIMINGS.beaconPollMs : state.startAt;
    case 'running':
      return roundStartsAt(state, state.drops.length + 1);
    case 'rob':
      return state.rob?.status === 'commit' ? state.rob.commitDeadline : (state.rob?.revealDeadline ?? null);
    default:
      return null;
  }
}

function robSeatOf(state: BattleState, player: PlayerId): { rob: RobPhase; seat: RobSeat } | BattleResult {
  const { rob } = state;
  if (state.status !== 'rob' || rob === null) return refuse('NOT_ROB_PHASE', 'The battle is not choosing split or rob');
  const seat = rob.seats.find((entry) => entry.player === player && !entry.bot);
  if (!seat) return refuse('NOT_IN_PAIR', 'Only the two leading players choose');
  return { rob, seat };
}

function withRobSeat(state: BattleState, rob: RobPhase, seat: RobSeat): { state: BattleState; rob: RobPhase } {
  const next = { ...rob, seats: rob.seats.map((entry) => (entry.seat === seat.seat ? seat : entry)) };
  return { state: { ...state, rob: next }, rob: next };
}

/** A pair seat commits SHA-256(decision + "-" + salt); reveals open once every commit is in. */
export function commitRobDecision(state: BattleState, { player, hashed }: { player: PlayerId; hashed: string }, now: number): BattleResult {
  const found = robSeatOf(state, player);
  if ('ok' in found) return found;
  const { rob, seat } = found;
  if (rob.status !== 'commit' || now >= rob.commitDeadline) return refuse('COMMIT_CLOSED', 'Decisions can no longer be committed');
  if (seat.hashed !== null) return refuse('ALREADY_COMMITTED', 'Your decision is already committed');
  if (!HEX64.test(hashed)) return refuse('BAD_COMMIT', 'A commitment is 64 hex digits');
  const committed = withRobSeat(state, rob, { ...seat, hashed: hashed.toLowerCase(), committedAt: now });
  const events: BattleEvent[] = [{ type: 'ROB_COMMITTED', seat: seat.seat, hashed: hashed.toLowerCase() }];
  if (humansOf(committed.rob).some((entry) => entry.hashed === null)) return accept(committed.state, events);
  const reveals = openReveals(committed.state, committed.rob, now);
  return accept(reveals.state, [...events, ...reveals.events]);
}

/** A pair seat reveals its decision and salt; one that does not match its commitment is refused and changes nothing. */
export function revealRobDecision(
  state: BattleState,
  { player, decision, salt }: { player: PlayerId; decision: string; salt: string },
  now: number,
): BattleResult {
  const found = robSeatOf(state, player);
  if ('ok' in found) return found;
  const { rob, seat } = found;
  if (rob.status === 'commit') return refuse('REVEAL_NOT_OPEN', 'Decisions are revealed once every commit is in');
  if (rob.status !== 'reveal' || rob.revealDeadline === null || now >= rob.revealDeadline) return refuse('REVEAL_CLOSED', 'Decisions can no longer be revealed');
  if (seat.hashed === null) return refuse('NOT_COMMITTED', 'No decision was committed in time; it counts as split');
  if (seat.decision !== null) return refuse('ALREADY_REVEALED', 'Your decision is already revealed');
  if (!isRobDecision(decision) || salt === '' || salt.length > SALT_MAX_LENGTH) return refuse('BAD_REVEAL', 'Reveal split or rob with the salt you committed');
  if (!robRevealMatches(seat.hashed, decision, salt)) return refuse('REVEAL_MISMATCH', 'The decision and salt do not match your commitment');
  const revealed = withRobSeat(state, rob, { ...seat, decision, salt, revealedAt: now });
  const events: BattleEvent[] = [{ type: 'ROB_REVEALED', seat: seat.seat, decision, salt }];
  if (humansOf(revealed.rob).some((entry) => entry.hashed !== null && entry.decision === null)) return accept(revealed.state, events);
  const done = finish(revealed.state, now);
  return accept(done.state, [...events, ...done.events]);
}
