/** Battles as the wire shows them (src/contract/entities.ts): engine state and rows in, contract shapes out. */
import { Rooms, type BattleDrop, type BattleGame, type BattleGameOutcome, type BattleMessage, type PublicUser, type RobState, type z } from '../../../src/contract/index.ts';
import { parseHash, toHash, toShortHash, type BattleOutcome } from '../../../src/core/index.ts';
import type { Db } from '../../db/database.ts';
import { publicUser, type UserRow } from '../../kernel/users.ts';
import { nextWakeAt, roundDuration, type BattleState, type RobPhase } from './engine.ts';
import type { BattleDropRow, BattleMessageRow, BattleRow } from './store.ts';

/** A battle as the wire shows it. */
export type BattleGameOut = z.output<typeof BattleGame>;
/** A battle drop as the wire shows it. */
export type BattleDropOut = z.output<typeof BattleDrop>;
/** A rob phase as the wire shows it. */
export type RobStateOut = z.output<typeof RobState>;
/** A public user. */
export type PublicUserOut = z.output<typeof PublicUser>;

/** The row fields a battle's wire shape needs beside its state. */
export type BattleRef = Pick<BattleRow, 'id' | 'token' | 'scheme' | 'personal'>;

/** The battle's page: /battle/{token} for personal battles, /battle/{short hash} otherwise. */
export function battlePath(row: BattleRef): string {
  return `/battle/${row.personal ? row.token : toShortHash(row.id)}`;
}

/** The battle's socket room: ARENA_GAME[{token}] for personal battles, ARENA_GAME[{hash}] otherwise. */
export function gameRoomOf(row: BattleRef): string {
  return Rooms.arenaGame(row.personal ? row.token : toHash(row.id));
}

/** Cents each seat won, by seat: the pot's value for a winner taking every drop. */
export function rewardsOf(outcome: BattleOutcome): Map<number, number> {
  const rewards = new Map<number, number>();
  for (const { seat, amount } of outcome.payout.shares) rewards.set(seat, (rewards.get(seat) ?? 0) + amount);
  return rewards;
}

/** A decided battle's outcome as the wire shows it (tests/unit/replay-fixtures.ts crafts records with it). */
export function outcomeOut(outcome: BattleOutcome): z.output<typeof BattleGameOutcome> {
  return {
    pot: outcome.pot,
    winners: [...outcome.winners],
    decided_by: outcome.decidedBy,
    payout: { kind: outcome.payout.kind, shares: outcome.payout.shares.map((s) => ({ ...s })), house: outcome.payout.house },
    standings: outcome.standings.map((s) => ({ ...s })),
    tiebreak: outcome.tiebreak && { players: [...outcome.tiebreak.players], winners: [...outcome.tiebreak.winners], rolls: outcome.tiebreak.rolls.map((r) => ({ ...r })) },
    kings_round: outcome.kingsRound,
    rob: outcome.rob && { pair: [...outcome.rob.pair], decisions: outcome.rob.decisions.map((d) => ({ ...d })), result: outcome.rob.result },
  };
}

/** The wire shape of a battle in this state; `now` only dates next_at of a battle waiting for its beacon. */
export function battleGameOut(row: BattleRef, state: BattleState, now: number): BattleGameOut {
  const totals = new Map<number, number>();
  for (const drop of state.drops.flat()) totals.set(drop.seat, (totals.get(drop.seat) ?? 0) + drop.value);
  const rewards = state.outcome ? rewardsOf(state.outcome) : null;
  const seated = state.occupants.flatMap((o) => (o ? [o] : []));
  return {
    hash: toHash(row.id),
    token: row.token,
    type: 'battle',
    personal: row.personal === 1,
    status: state.status,
    close_reason: state.closeReason,
    price: state.price,
    scheme: row.scheme,
    box_hashes: [...new Set(state.rounds)],
    mode: state.mode,
    seats: state.seats,
    members: seated.length,
    options: { ...state.options },
    users: seated.map((o) => ({
      hash: o.player,
      number: o.seat,
      creator: o.creator,
      bot: o.bot,
      // States stored before seats kept their borrow read as 0.
      borrow: o.borrow ?? 0,
      sponsored: o.sponsored,
      client_seed: o.clientSeed,
      total: totals.get(o.seat) ?? 0,
      reward: rewards ? (rewards.get(o.seat) ?? 0) : null,
    })),
    user_hashes: seated.map((o) => o.player),
    sponsor: { seats: state.sponsorCredits.length, sponsors: [...new Set(state.sponsorCredits)] },
    round: state.drops.length,
    rounds: state.rounds.length,
    pot: [...totals.values()].reduce((a, b) => a + b, 0),
    process: {
      created_at: state.createdAt,
      filled_at: state.filledAt,
      start_time: state.startAt,
      rob_at: state.rob?.startedAt ?? null,
      ended_at: state.endedAt,
      round_duration: roundDuration(state.options),
      terminal_round: state.rounds.length,
      next_at: nextWakeAt(state, now),
    },
    seed: {
      server_seed_hashed: state.serverSeedHashed,
      server_seed: state.status === 'finished' ? state.serverSeed : null,
      beacon: state.beacon?.id ?? null,
      block_number: state.beacon?.number ?? null,
      time: state.beacon?.time ?? null,
      ticket: latestTicket(state),
    },
    outcome: state.outcome && outcomeOut(state.outcome),
    time: state.createdAt,
    finished_at: state.status === 'finished' ? state.endedAt : null,
  };
}

/** The ticket of the highest nonce drawn so far: round drops, then the rolls of a tiebreak (rob's or the outcome's). */
function latestTicket(state: BattleState): number | null {
  const rolls = [...state.drops.flat(), ...(state.rob?.tiebreak?.rolls ?? []), ...(state.outcome?.tiebreak?.rolls ?? [])];
  const last = rolls.reduce<{ nonce: number; ticket: number } | null>((top, roll) => (top === null || roll.nonce > top.nonce ? roll : top), null);
  return last?.ticket ?? null;
}

/** The wire shape of a rob phase: decisions and salts show only once revealed. */
export function robOut(rob: RobPhase): RobStateOut {
  return {
    status: rob.status,
    started_at: rob.startedAt,
    commit_deadline: rob.commitDeadline,
    reveal_deadline: rob.revealDeadline,
    seats: rob.seats.map((s) => ({ seat: s.seat, user_hash: s.player, bot: s.bot, decision_hashed: s.hashed, decision: s.decision, decision_salt: s.salt })),
    tiebreak: rob.tiebreak && { players: [...rob.tiebreak.players], winners: [...rob.tiebreak.winners], rolls: rob.tiebreak.rolls.map((r) => ({ ...r })) },
  };
}

/** The wire shape of a drop; `serverSeed` is the battle's, revealed once it finished (null before). */
export function battleDropOut(row: BattleDropRow, serverSeed: string | null): BattleDropOut {
  return {
    hash: toHash(row.id),
    item_hash: toHash(row.item_id),
    asset_hash: row.asset_id === null ? null : toHash(row.asset_id),
    box_hash: toHash(row.box_id),
    box_version: row.box_version,
    user_hash: toHash(row.user_id),
    round: row.round,
    seat: row.seat,
    nonce: row.nonce,
    ticket: row.ticket,
    client_seed: serverSeed,
    range: [row.range_from, row.range_to],
    value: row.value,
    time: row.created_at,
  };
}

/** The wire shape of a message. */
export function battleMessageOut(row: BattleMessageRow): z.output<typeof BattleMessage> {
  return { hash: toHash(row.id), user_hash: toHash(row.user_id), text: row.text, time: row.created_at };
}

/** Public users by hash, in the order asked, each once. */
export async function publicUsers(db: Pick<Db, 'all'>, hashes: readonly string[]): Promise<PublicUserOut[]> {
  const ids = [...new Set(hashes.map(parseHash))].filter((id) => id !== null);
  if (ids.length === 0) return [];
  const rows = await db.all<UserRow>(`SELECT * FROM users WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [publicUser(row)] : [];
  });
}

/** Every player a battle seats, in seat order. */
export function seatedHashes(state: BattleState): string[] {
  return state.occupants.flatMap((o) => (o ? [o.player] : []));
}
