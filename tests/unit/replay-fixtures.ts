/**
 * Public records crafted from the core rules, in the shapes arena.game answers: any mode, ties
 * and rob decisions on demand, so the replay can be tested on cases a live server reaches only
 * by luck. tests/unit/replay-records.test.ts checks records from the real sim-server.
 */
import type { Box, Item, z } from '../../src/contract/index.ts';
import {
  battleDrops,
  battleOptions,
  decideBattle,
  dropValues,
  robPair,
  type BattleMode,
  type BattleOptions,
  type BattleOutcome,
  type RobDecision,
} from '../../src/core/battle-rules.ts';
import { fairTicket, hashDecision, pickByTicket, sha256Hex, type TicketRange } from '../../src/core/fair-ticket.ts';
import { toHash } from '../../src/core/hash-id.ts';
import type { BattleReplayRecord, UnboxReplayRecord } from '../../src/core/replay.ts';
import { outcomeOut } from '../../sim-server/domains/battles/views.ts';

/** A beacon block id (64 hex). */
export const BEACON = sha256Hex('beacon block 1700000001');
/** A battle's server seed. */
export const BATTLE_SEED = sha256Hex('battle seed');
/** A player's server seed and client seed for unbox rolls. */
export const UNBOX_SEED = sha256Hex('unbox seed');
export const CLIENT_SEED = 'AbCdEf1234';

const BOX_ID = 12;

/** A catalog item. */
export function makeItem(id: number, price: number, rarity = 'purple'): z.output<typeof Item> {
  return {
    hash: toHash(id),
    key: `item-${id}`,
    name: `AK-47 | Test ${id} (Field-Tested)`,
    weapon: 'AK-47',
    skin: `Test ${id}`,
    wear: 'FT',
    type: 'rifle',
    rarity,
    color: '#8847ff',
    price,
    image: `/api/art/item/item-${id}.svg?v=1`,
  };
}

/** A case version with these slots. */
export function makeBox(slots: { item: z.output<typeof Item>; range: TicketRange }[], version = 1): z.output<typeof Box> {
  return {
    hash: toHash(BOX_ID),
    key: 'test-case',
    version,
    name: 'Test case',
    status: 'enabled',
    deprecated: false,
    image: '/api/art/case/test-case.svg?v=1',
    background: '/api/art/case-background/test-case.svg?v=1',
    logo: '/api/art/case-logo/test-case.svg?v=1',
    scene: { spin_border: '/api/art/spin-border/test-case.svg?v=1' },
    price: 500,
    items: slots.map((slot) => slot.item.hash),
    slots: slots.map((slot) => ({ item_hash: slot.item.hash, range: [slot.range[0], slot.range[1]] })),
  };
}

/** Five items of different prices covering 1..100000. */
export function variedSlots() {
  return [
    { item: makeItem(101, 90_000, 'orange'), range: [1, 500] as TicketRange },
    { item: makeItem(102, 12_000, 'gold'), range: [501, 3_000] as TicketRange },
    { item: makeItem(103, 2_500, 'red'), range: [3_001, 15_000] as TicketRange },
    { item: makeItem(104, 400, 'pink'), range: [15_001, 45_000] as TicketRange },
    { item: makeItem(105, 90, 'purple'), range: [45_001, 100_000] as TicketRange },
  ];
}

/** Items that all cost the same: every seat ties. */
export function equalSlots() {
  return [
    { item: makeItem(201, 300), range: [1, 60_000] as TicketRange },
    { item: makeItem(202, 300), range: [60_001, 100_000] as TicketRange },
  ];
}

/** What a crafted battle is made of. */
export type BattlePlan = {
  seats: number;
  mode?: BattleMode;
  options?: Partial<BattleOptions>;
  /** A case count of the spec: 1, 5, 10 ... */
  rounds: number;
  slots?: { item: z.output<typeof Item>; range: TicketRange }[];
  /** Rob mode: decisions of the pair's seats (missing ones never committed). */
  decisions?: { seat: number; decision: RobDecision }[];
};

/** A finished battle's public record, decided by the core rules. */
export function craftBattle(plan: BattlePlan): BattleReplayRecord {
  const mode = plan.mode ?? 'solo';
  const options = battleOptions(plan.options);
  const slots = plan.slots ?? variedSlots();
  const box = makeBox(slots);
  const table = slots.map(({ item, range }) => ({ item_hash: item.hash, range, price: item.price }));
  const fairness = { beacon: BEACON, serverSeed: BATTLE_SEED };
  const drops = battleDrops(fairness, plan.seats, Array.from({ length: plan.rounds }, () => table));
  const base = { seats: plan.seats, mode, options, fairness, values: dropValues(drops) };
  let rob: BattleReplayRecord['modes']['rob'] = null;
  let decided: BattleOutcome;
  if (options.rob) {
    const { pair, tiebreak } = robPair(base);
    const seats = pair.map((seat) => {
      const chosen = plan.decisions?.find((d) => d.seat === seat);
      const salt = `salt-${seat}`;
      return {
        seat,
        user_hash: toHash(1000 + seat),
        bot: false,
        decision_hashed: chosen ? hashDecision(chosen.decision, salt) : null,
        decision: chosen?.decision ?? null,
        decision_salt: chosen ? salt : null,
      };
    });
    rob = { status: 'finished', started_at: 1_000, commit_deadline: 2_000, reveal_deadline: 3_000, seats, tiebreak: tiebreak && { ...tiebreak, players: [...tiebreak.players], winners: [...tiebreak.winners], rolls: tiebreak.rolls.map((r) => ({ ...r })) } };
    decided = decideBattle({ ...base, robDecisions: seats.map(({ seat, decision }) => ({ seat, decision: decision ?? 'split' })) });
  } else {
    decided = decideBattle(base);
  }
  const rewards = new Map(decided.payout.shares.map(({ seat, amount }) => [seat, amount]));
  const flat = drops.flat();
  const rolls = [...flat, ...(rob?.tiebreak?.rolls ?? []), ...(decided.tiebreak?.rolls ?? [])];
  const lastTicket = rolls.length === 0 ? null : rolls.reduce((top, roll) => (roll.nonce > top.nonce ? roll : top)).ticket;
  return {
    game: {
      hash: toHash(77),
      token: 'T'.repeat(32),
      type: 'battle',
      personal: false,
      status: 'finished',
      close_reason: null,
      price: 500 * plan.rounds,
      scheme: `SF${BOX_ID}-${plan.rounds}`,
      box_hashes: [box.hash],
      mode,
      seats: plan.seats,
      members: plan.seats,
      options: { ...options },
      users: Array.from({ length: plan.seats }, (_, i) => ({
        hash: toHash(1001 + i),
        number: i + 1,
        creator: i === 0,
        bot: false,
        borrow: 0,
        sponsored: false,
        client_seed: null,
        total: flat.filter((d) => d.seat === i + 1).reduce((sum, d) => sum + d.value, 0),
        reward: rewards.get(i + 1) ?? 0,
      })),
      user_hashes: Array.from({ length: plan.seats }, (_, i) => toHash(1001 + i)),
      sponsor: { seats: 0, sponsors: [] },
      round: plan.rounds,
      rounds: plan.rounds,
      pot: decided.pot,
      process: { created_at: 0, filled_at: 500, start_time: 1_000, rob_at: null, ended_at: 9_000, round_duration: 5_000, terminal_round: plan.rounds, next_at: null },
      seed: { server_seed_hashed: sha256Hex(BATTLE_SEED), server_seed: BATTLE_SEED, beacon: BEACON, block_number: 1_700_000_001, time: 1_700_000_001_000, ticket: lastTicket },
      outcome: outcomeOut(decided),
      time: 0,
      finished_at: 9_000,
    },
    users: [],
    drops: flat.map((d, i) => ({
      hash: toHash(5000 + i),
      item_hash: d.item.item_hash,
      asset_hash: null,
      box_hash: box.hash,
      box_version: box.version,
      user_hash: toHash(1000 + d.seat),
      round: d.round,
      seat: d.seat,
      nonce: d.nonce,
      ticket: d.ticket,
      client_seed: BATTLE_SEED,
      range: [d.item.range[0], d.item.range[1]],
      value: d.value,
      time: 1_000,
    })),
    items: slots.map((slot) => slot.item),
    boxes: [box],
    lobby: { game_hash: toHash(77) },
    modes: { rob },
    messages: [],
  };
}

/** A personal unbox game of `count` rolls from nonce `firstNonce`, seed revealed or not. */
export function craftUnbox(count: number, { revealed = true, firstNonce = 0 } = {}): UnboxReplayRecord {
  const slots = variedSlots();
  const box = makeBox(slots);
  const drops = Array.from({ length: count }, (_, i) => {
    const nonce = firstNonce + i;
    const ticket = fairTicket(UNBOX_SEED, CLIENT_SEED, nonce);
    const slot = pickByTicket(box.slots, ticket)!;
    return {
      hash: toHash(9000 + i),
      item_hash: slot.item_hash,
      asset_hash: toHash(8000 + i),
      box_hash: box.hash,
      box_version: box.version,
      user_hash: toHash(1001),
      round: i + 1,
      seat: 1,
      nonce,
      ticket,
      client_seed: CLIENT_SEED,
      server_seed_hashed: sha256Hex(UNBOX_SEED),
      server_seed: revealed ? UNBOX_SEED : null,
      range: [slot.range[0], slot.range[1]] as [number, number],
      fast: false,
      time: 1_000 + i,
    };
  });
  return {
    game: {
      hash: toHash(88),
      token: 'U'.repeat(32),
      type: 'unbox',
      personal: true,
      status: 'finished',
      box_hash: box.hash,
      box_version: box.version,
      price: box.price,
      total: box.price * count,
      scheme: `SF${BOX_ID}-${count}`,
      round: count,
      rounds: count,
      user_hashes: [toHash(1001)],
      time: 0,
      finished_at: 2_000,
    },
    users: [],
    drops,
    items: slots.map((slot) => slot.item).filter((item) => drops.some((d) => d.item_hash === item.hash)),
    boxes: [box],
    lobby: null,
    modes: { rob: null },
  };
}

/** A deep copy to tamper with. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}
