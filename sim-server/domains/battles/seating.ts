/**
 * Seat commands of a waiting battle: join, leave, kick, sponsor, call bots, cancel. Each checks
 * everything before it changes anything, so a refusal leaves the state as it was. Money is only
 * described (CHARGE / REFUND events); the methods layer moves it in the transaction that stores
 * the new state, so a failed debit simply keeps the old state.
 */
import {
  accept,
  freeSeats,
  refuse,
  seatOf,
  sponsorRefunds,
  withSeat,
  type BattleEvent,
  type BattleResult,
  type BattleState,
  type CloseReason,
  type Occupant,
  type PlayerId,
} from './state.ts';

/** A join: who, optionally which seat (first free otherwise) and the client seed they sent. */
export type JoinCommand = { player: PlayerId; seat?: number; clientSeed?: string; borrow?: number };

// Why a command that needs a waiting battle cannot run now, or null.
function notWaiting(state: BattleState, whenFull: 'FULL' | 'STARTED'): BattleResult | null {
  switch (state.status) {
    case 'waiting':
      return null;
    case 'process':
      return whenFull === 'FULL' ? refuse('FULL', 'The battle is full') : refuse('STARTED', 'The battle has started');
    case 'running':
    case 'rob':
      return refuse('STARTED', 'The battle has started');
    case 'finished':
      return refuse('FINISHED', 'The battle is over');
    case 'closed':
      return refuse('CLOSED', 'The battle was closed');
  }
}

// Once every seat is taken the battle waits for its beacon; sponsor credits no joiner used go back.
function fillIfFull(state: BattleState, events: BattleEvent[], now: number): BattleResult {
  if (freeSeats(state).length > 0) return accept(state, events);
  const refunds = sponsorRefunds(state);
  return accept({ ...state, status: 'process', filledAt: now, sponsorCredits: [] }, [...events, ...refunds, { type: 'STATUS', status: 'process', at: now }]);
}

/** Closes a battle before it ran: every paid seat and unused sponsor credit is refunded to whoever paid. */
function closeBattle(state: BattleState, reason: CloseReason, now: number): BattleResult {
  const refunds: BattleEvent[] = state.occupants.flatMap((occupant) =>
    occupant?.payer != null && occupant.paid > 0 ? [{ type: 'REFUND', player: occupant.payer, amount: occupant.paid, reason: 'close' } as const] : [],
  );
  return accept({ ...state, status: 'closed', closeReason: reason, endedAt: now, sponsorCredits: [] }, [
    ...refunds,
    ...sponsorRefunds(state),
    { type: 'STATUS', status: 'closed', at: now },
    { type: 'CLOSED', reason, at: now },
  ]);
}

/** Seats a player and charges the seat, or uses a sponsor's paid seat; the last seat starts the process. */
export function joinBattle(state: BattleState, { player, seat, clientSeed, borrow }: JoinCommand, now: number): BattleResult {
  const blocked = notWaiting(state, 'FULL');
  if (blocked) return blocked;
  if (seatOf(state, player)) return refuse('ALREADY_SEATED', 'You are already in this battle');
  const free = freeSeats(state);
  if (seat !== undefined) {
    if (!Number.isSafeInteger(seat) || seat < 1 || seat > state.seats) return refuse('NO_SUCH_SEAT', `This battle has seats 1 to ${state.seats}`);
    if (!free.includes(seat)) return refuse('SEAT_TAKEN', `Seat ${seat} is taken`);
  }
  const target = seat ?? free[0];
  if (target === undefined) return refuse('FULL', 'The battle is full');
  const [sponsor, ...credits] = state.sponsorCredits;
  const occupant: Occupant = {
    seat: target,
    player,
    bot: false,
    creator: false,
    payer: sponsor ?? player,
    sponsored: sponsor !== undefined,
    paid: state.price,
    clientSeed: clientSeed ?? null,
    joinedAt: now,
    ...(borrow !== undefined && { borrow }),
  };
  const events: BattleEvent[] = [{ type: 'SEATED', seat: target, player, bot: false, sponsored: sponsor !== undefined }];
  if (sponsor === undefined) events.push({ type: 'CHARGE', player, amount: state.price, reason: 'seat', seat: target });
  return fillIfFull({ ...withSeat(state, target, occupant), sponsorCredits: credits }, events, now);
}

// Frees a seat before the start: a paid seat is refunded, a sponsored one goes back to the sponsor's credits.
function freeSeat(state: BattleState, occupant: Occupant, kicked: boolean): BattleResult {
  const events: BattleEvent[] = [{ type: 'LEFT', seat: occupant.seat, player: occupant.player, kicked }];
  let next = withSeat(state, occupant.seat, null);
  if (occupant.sponsored && occupant.payer !== null) next = { ...next, sponsorCredits: [...next.sponsorCredits, occupant.payer] };
  else if (occupant.payer !== null && occupant.paid > 0) events.push({ type: 'REFUND', player: occupant.payer, amount: occupant.paid, reason: kicked ? 'kick' : 'leave' });
  return accept(next, events);
}

/** A player leaves a waiting battle and is refunded; the creator leaving closes it for everyone. */
export function leaveBattle(state: BattleState, { player }: { player: PlayerId }, now: number): BattleResult {
  const blocked = notWaiting(state, 'STARTED');
  if (blocked) return blocked;
  const occupant = seatOf(state, player);
  if (!occupant) return refuse('NOT_SEATED', 'You are not in this battle');
  if (occupant.creator) return closeBattle(state, 'creator_left', now);
  return freeSeat(state, occupant, false);
}

/** The creator of a waiting personal battle removes another player, who is refunded. */
export function kickFromBattle(state: BattleState, { by, player }: { by: PlayerId; player: PlayerId }, _now: number): BattleResult {
  const blocked = notWaiting(state, 'STARTED');
  if (blocked) return blocked;
  if (by !== state.creator) return refuse('NOT_CREATOR', 'Only the creator can remove players');
  if (!state.personal) return refuse('NOT_PERSONAL', 'Players can only be removed from a personal battle');
  if (player === state.creator) return refuse('KICK_SELF', 'The creator cannot remove themselves');
  const occupant = seatOf(state, player);
  if (!occupant) return refuse('NOT_SEATED', 'That player is not in this battle');
  return freeSeat(state, occupant, true);
}

/** Pays `seats` free seats that the next joiners take without paying. */
export function sponsorSeats(state: BattleState, { by, seats }: { by: PlayerId; seats: number }, _now: number): BattleResult {
  const blocked = notWaiting(state, 'FULL');
  if (blocked) return blocked;
  const open = freeSeats(state).length - state.sponsorCredits.length;
  if (!Number.isSafeInteger(seats) || seats < 1 || seats > open) return refuse('NO_FREE_SEATS', `Only ${open} free seats can be sponsored`);
  return accept({ ...state, sponsorCredits: [...state.sponsorCredits, ...Array.from({ length: seats }, () => by)] }, [
    { type: 'SPONSORED', sponsor: by, seats },
    { type: 'CHARGE', player: by, amount: seats * state.price, reason: 'sponsor', seat: null },
  ]);
}

/** The creator fills every free seat with bots from `bots` (taken in order, seated players skipped); the battle then starts. */
export function callBots(state: BattleState, { by, bots }: { by: PlayerId; bots: readonly PlayerId[] }, now: number): BattleResult {
  const blocked = notWaiting(state, 'FULL');
  if (blocked) return blocked;
  if (by !== state.creator) return refuse('NOT_CREATOR', 'Only the creator can call bots');
  const free = freeSeats(state);
  const available = [...new Set(bots)].filter((bot) => !seatOf(state, bot));
  if (available.length < free.length) return refuse('NOT_ENOUGH_BOTS', `${free.length} bots are needed, ${available.length} are free`);
  let next = state;
  const events: BattleEvent[] = [];
  for (const [i, seat] of free.entries()) {
    const player = available[i] ?? '';
    next = withSeat(next, seat, { seat, player, bot: true, creator: false, payer: null, sponsored: false, paid: 0, clientSeed: null, joinedAt: now });
    events.push({ type: 'SEATED', seat, player, bot: true, sponsored: false });
  }
  return fillIfFull(next, events, now);
}

/** Cancels a waiting battle (the methods layer's call, e.g. an expired lobby): everything paid is refunded. */
export function cancelBattle(state: BattleState, now: number): BattleResult {
  const blocked = notWaiting(state, 'STARTED');
  if (blocked) return blocked;
  return closeBattle(state, 'cancelled', now);
}
