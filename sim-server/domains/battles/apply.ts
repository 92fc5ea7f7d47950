/**
 * Applies a battle's steps. Whatever moved a battle (a player's command or the runner's tick),
 * the engine's events become ledger transfers, inventory grants and rows inside the caller's
 * ONE transaction, together with the new state; the socket messages and the runner's next wake
 * are queued for after COMMIT, so a refused or failed step leaves no trace anywhere.
 *
 * Money (docs/design.md sections 5 and 7): seats are paid into the house account 'arena'
 * (arena_join, sponsors arena_sponsor) and refunded from it (arena_refund). A seat is a hold
 * until the battle fills: a refund gives back exactly the parts of the balance it took, and
 * it counts as a wager (experience, races, challenges) only once the battle can no longer be left. A winner taking
 * every drop receives the items into the inventory; a split pays coins from 'arena'
 * (arena_reward) and the house keeps the items at their price. Bots sit on the house: what a
 * bot wins is simply not paid out.
 */
import { NumericError, Rooms, type BattleRoll, type Item, type ServerMessageData, type ServerMessageType, type z } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/index.ts';
import type { Tx } from '../../db/database.ts';
import type { AccountRef, Ledger } from '../../db/ledger.ts';
import { fail } from '../../errors.ts';
import type { Hub } from '../../socket/hub.ts';
import type { CatalogView } from '../cases/catalog-store.ts';
import { assetOut, grantItem, type AssetOut } from '../inventory/assets.ts';
import { refundBattleLoss } from '../boosters/effects.ts';
import {
  nextWakeAt,
  tickBattle,
  type BattleError,
  type BattleEvent,
  type BattleResult,
  type BattleState,
  type BattleStep,
  type BeaconSource,
  type Occupant,
} from './engine.ts';
import { sponsorMessages } from './sponsor-lobby.ts';
import { tellBestDrop } from './chat-drops.ts';
import { boxVersionsOf, saveBattle, userIdOf, type BattleDropRow, type BattleRow, type StateCache } from './store.ts';
import { battleDropOut, battleGameOut, publicUsers, rewardsOf, robOut, seatedHashes, battlePath, gameRoomOf, type BattleGameOut, type PublicUserOut } from './views.ts';

/** A battle round's ARENA_GAME_ROLL payload. */
type RollOut = z.output<typeof BattleRoll>;

/** The house account on the other side of battle money. */
export const ARENA_HOUSE: AccountRef = { house: 'arena' };

/** What applying a step needs: the server's parts and the runner's schedule. */
export interface BattleDeps {
  ledger: Ledger;
  hub: Hub;
  beacon: BeaconSource;
  states: StateCache;
  catalog(): Promise<CatalogView>;
  /** Tells the runner when the battle next needs a tick (null: never on its own). */
  schedule(id: number, wakeAt: number | null): void;
}

/** Answers an engine refusal with the contract's error: NOT_CREATOR 15, BAD_SETUP 16, the rest 19 with the engine's message. */
export function engineFail(error: BattleError): never {
  if (error.code === 'NOT_CREATOR') fail(NumericError.ACCESS_DENIED, error.message);
  if (error.code === 'BAD_SETUP') fail(NumericError.INPUT_ERROR, error.message);
  fail(NumericError.INVALID_DATA, error.message);
}

/**
 * Brings a battle to `now` (deadlines that passed are applied first, as the engine asks), then
 * runs `command` on it and applies everything in `tx`. A refusal throws, rolling back the lot.
 */
export async function advanceBattle(deps: BattleDeps, tx: Tx, row: BattleRow, now: number, command?: (state: BattleState) => BattleResult | Promise<BattleResult>): Promise<BattleState> {
  const before = deps.states.get(row);
  const ticked = tickBattle(before, now, deps.beacon);
  let step: BattleStep = ticked;
  if (command) {
    const result = await command(ticked.state);
    if (!result.ok) engineFail(result.error);
    step = { state: result.state, events: [...ticked.events, ...result.events] };
  }
  await applyStep(deps, tx, row, before, step, now);
  return step.state;
}

/** Stores a step (a new battle's first one has no `before`) with its money, rows and messages. */
export async function applyStep(deps: BattleDeps, tx: Tx, row: BattleRow, before: BattleState | null, step: BattleStep, now: number): Promise<void> {
  const wakeAt = nextWakeAt(step.state, now);
  if (step.events.length === 0) {
    tx.afterCommit(() => deps.schedule(row.id, wakeAt));
    return;
  }
  const ref = toHash(row.id);
  const rolls: RollOut[] = [];
  for (const event of step.events) {
    switch (event.type) {
      // A seat is held until the battle fills: only then is it a wager that counts (docs/decisions/0049).
      case 'CHARGE':
        await deps.ledger.transfer(tx, { from: { user: userIdOf(event.player) }, to: ARENA_HOUSE, amount: event.amount, type: event.reason === 'sponsor' ? 'arena_sponsor' : 'arena_join', ref, hold: true });
        break;
      case 'REFUND':
        await deps.ledger.refundHold(tx, { from: ARENA_HOUSE, userId: userIdOf(event.player), ref, amount: event.amount, type: 'arena_refund' });
        break;
      case 'STATUS':
        if (event.status === 'process') await deps.ledger.settleHolds(tx, ref);
        break;
      case 'SEATED':
        await tx.run('INSERT INTO battle_seats (battle_id, seat, user_id, bot, joined_at) VALUES (?, ?, ?, ?, ?)', row.id, event.seat, userIdOf(event.player), event.bot ? 1 : 0, now);
        break;
      case 'LEFT':
        await tx.run('DELETE FROM battle_seats WHERE battle_id = ? AND seat = ?', row.id, event.seat);
        break;
      case 'ROUND_STARTED':
        rolls.push(await recordRound(deps, tx, row, step.state, event));
        break;
      case 'FINISHED':
        await payOut(deps, tx, row, event);
        await tellBestDrop(deps, tx, row, event.at);
        break;
      default:
        break;
    }
  }
  await saveBattle(tx, row.id, step.state, wakeAt, now);
  const sends = await messagesOf(deps, tx, row, before, step, now, rolls);
  tx.afterCommit(() => {
    deps.states.set(row.id, step.state);
    deps.schedule(row.id, wakeAt);
    for (const send of sends) send();
  });
}

// Stores a round's drops as it starts (before any animation) and answers its ARENA_GAME_ROLL payload.
async function recordRound(deps: BattleDeps, tx: Tx, row: BattleRow, state: BattleState, event: Extract<BattleEvent, { type: 'ROUND_STARTED' }>): Promise<RollOut> {
  const boxId = parseHash(event.box)!;
  const version = boxVersionsOf(row)[boxId]!;
  const catalog = await deps.catalog();
  const drops: RollOut['drops'] = [];
  for (const drop of event.drops) {
    const occupant = state.occupants[drop.seat - 1] as Occupant;
    const record: Omit<BattleDropRow, 'id'> = {
      battle_id: row.id,
      round: drop.round,
      seat: drop.seat,
      user_id: userIdOf(occupant.player),
      box_id: boxId,
      box_version: version,
      item_id: parseHash(drop.item)!,
      nonce: drop.nonce,
      ticket: drop.ticket,
      range_from: drop.range[0],
      range_to: drop.range[1],
      value: drop.value,
      asset_id: null,
      created_at: event.startsAt,
    };
    const { lastInsertRowid: id } = await tx.run(
      `INSERT INTO battle_drops (battle_id, round, seat, user_id, box_id, box_version, item_id, nonce, ticket, range_from, range_to, value, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      record.battle_id, record.round, record.seat, record.user_id, record.box_id, record.box_version, record.item_id, record.nonce, record.ticket,
      record.range_from, record.range_to, record.value, record.created_at,
    );
    drops.push(battleDropOut({ ...record, id }, null));
  }
  const items: z.output<typeof Item>[] = [...new Set(event.drops.map((d) => parseHash(d.item)!))].map((id) => catalog.item(id)!);
  return { game_hash: toHash(row.id), round: event.round, box_hash: event.box, drops, items, starts_at: event.startsAt, ends_at: event.endsAt };
}

// Pays the pot exactly once: the FINISHED event exists only in the step that stores the finished state.
async function payOut(deps: BattleDeps, tx: Tx, row: BattleRow, event: Extract<BattleEvent, { type: 'FINISHED' }>): Promise<void> {
  const rewards = rewardsOf(event.outcome);
  for (const seat of await tx.all<{ seat: number }>('SELECT seat FROM battle_seats WHERE battle_id = ?', row.id)) {
    await tx.run('UPDATE battle_seats SET reward = ? WHERE battle_id = ? AND seat = ?', rewards.get(seat.seat) ?? 0, row.id, seat.seat);
  }
  for (const payout of event.payouts) {
    if (payout.bot) continue;
    const userId = userIdOf(payout.player);
    if (payout.kind === 'drops') {
      const catalog = await deps.catalog();
      const assets: AssetOut[] = [];
      for (const drop of await tx.all<{ id: number; item_id: number; box_id: number }>('SELECT id, item_id, box_id FROM battle_drops WHERE battle_id = ? ORDER BY id', row.id)) {
        const assetId = await grantItem(tx, userId, drop.item_id, drop.box_id, event.at, toHash(row.id));
        await tx.run('UPDATE battle_drops SET asset_id = ? WHERE id = ?', assetId, drop.id);
        assets.push(assetOut(catalog, { id: assetId, item_id: drop.item_id, box_id: drop.box_id, created_at: event.at }));
      }
      // Told only once the items are really there: after COMMIT.
      const issued = { assets, count: assets.length, source: 'battle' as const, game_hash: toHash(row.id) };
      tx.afterCommit(() => deps.hub.toUser(userId, 'INVENTORY_ASSET_ISSUED', issued));
    } else if (payout.amount > 0) {
      await deps.ledger.transfer(tx, { from: ARENA_HOUSE, to: { user: userId }, amount: payout.amount, type: 'arena_reward', ref: toHash(row.id) });
    }
  }
  // A Battle Refund booster gives a player who won nothing their seat back (docs/decisions/0026).
  for (const seat of await tx.all<{ user_id: number }>('SELECT user_id FROM battle_seats WHERE battle_id = ? AND bot = 0 AND reward = 0', row.id)) {
    await refundBattleLoss(tx, { ledger: deps.ledger, hub: deps.hub, now: event.at }, seat.user_id, toHash(row.id));
  }
}

// The socket messages of a step, in the order its events happened; see ServerMessages in src/contract/socket.ts.
async function messagesOf(
  deps: BattleDeps, tx: Tx, row: BattleRow, before: BattleState | null, step: BattleStep, now: number,
  rolls: readonly RollOut[],
): Promise<(() => void)[]> {
  const { hub } = deps;
  const { state, events } = step;
  const hash = toHash(row.id);
  const game: BattleGameOut = battleGameOut(row, state, now);
  const users = await publicUsers(tx, seatedHashes(state));
  const userOf = new Map<string, PublicUserOut>(users.map((u) => [u.hash, u]));
  const gameRoom = gameRoomOf(row);
  const humans = (s: BattleState | null) => (s?.occupants ?? []).flatMap((o) => (o && !o.bot ? [o] : []));
  // Personal battles are not in the public lobby: their lobby events go to their players' own rooms.
  const lobbyRooms = row.personal
    ? [...new Set([...humans(before), ...humans(state)].map((o) => Rooms.user(o.player)))]
    : [Rooms.lobby];
  const sends: (() => void)[] = [];
  const toLobby = <T extends ServerMessageType>(type: T, data: ServerMessageData<T>) => {
    for (const room of lobbyRooms) sends.push(() => hub.publish(room, type, data));
  };
  const notify = (type: 'ARENA_GAME_RUN' | 'ARENA_GAME_CLOSED', at: number) => {
    const rewards = state.outcome ? rewardsOf(state.outcome) : null;
    for (const o of humans(state)) {
      const notice = {
        type: type === 'ARENA_GAME_RUN' ? ('game_start' as const) : ('game_done' as const),
        hash, path: battlePath(row), personal: row.personal === 1, status: state.status,
        reward: rewards ? (rewards.get(o.seat) ?? 0) : null, time: at,
      };
      sends.push(() => hub.toUser(userIdOf(o.player), type, notice));
    }
  };

  const created = events.some((e) => e.type === 'STATUS' && e.status === 'waiting');
  let lobbyTold = false;
  let roll = 0;
  for (const event of events) {
    if (event.type === 'STATUS') {
      sends.push(() => hub.publish(gameRoom, 'ARENA_GAME_STATUS', { game_hash: hash, status: event.status, at: event.at }));
      if (event.status === 'waiting') toLobby('LOBBY_GAME_CREATED', { game, users });
      else if (event.status === 'finished' || event.status === 'closed') {
        toLobby('LOBBY_GAME_CLOSED', { game });
        notify('ARENA_GAME_CLOSED', event.at);
      } else {
        toLobby('LOBBY_GAME_PROCESS', { game });
        if (event.status === 'running') notify('ARENA_GAME_RUN', event.at);
      }
      lobbyTold = true;
    } else if (event.type === 'SEATED' && !created) {
      const user = userOf.get(event.player);
      if (user) toLobby('LOBBY_GAME_JOINED', { game, seat: event.seat, user });
      lobbyTold = true;
    } else if (event.type === 'LEFT') {
      toLobby('LOBBY_GAME_LEAVED', { game, seat: event.seat, user_hash: event.player, kicked: event.kicked });
      lobbyTold = true;
    } else if (event.type === 'ROUND_STARTED') {
      const payload = rolls[roll++]!;
      sends.push(() => hub.publish(gameRoom, 'ARENA_GAME_ROLL', payload));
    }
  }
  if (!lobbyTold) toLobby('LOBBY_GAME_UPDATED', { game });
  sponsorMessages(before, step, game, userOf, toLobby);
  const rob = state.rob ? robOut(state.rob) : null;
  sends.push(() => hub.publish(gameRoom, 'ARENA_GAME_UPDATE', { game, users, rob }));
  return sends;
}
