import { createHash } from 'node:crypto';
import * as fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  battleDrops,
  battleOptions,
  decideBattle,
  dropValues,
  robRevealMatches,
  type BattleMode,
  type BattleOptions,
} from '../../src/core/battle-rules.ts';
import { hashDecision } from '../../src/core/fair-ticket.ts';
import {
  BATTLE_TIMINGS,
  battleRecord,
  battleTables,
  callBots,
  cancelBattle,
  commitRobDecision,
  createBattle,
  joinBattle,
  kickFromBattle,
  leaveBattle,
  nextWakeAt,
  revealRobDecision,
  sponsorSeats,
  tickBattle,
  type BattleConfig,
  type BattleErrorCode,
  type BattleEvent,
  type BattleResult,
  type BattleState,
  type DropItem,
} from '../../sim-server/domains/battles/engine.ts';
import { createBeaconChain } from '../../sim-server/world/beacon.ts';

const BOX = 'SF0000000001';
const ITEMS: DropItem[] = [
  { item: 'SF0000000101', range: [1, 50_000], price: 10 },
  { item: 'SF0000000102', range: [50_001, 90_000], price: 100 },
  { item: 'SF0000000103', range: [90_001, 100_000], price: 1_000 },
];
const T0 = 1_700_000_000_200;
const PRICE = 500;

function config(over: Partial<BattleConfig> = {}): BattleConfig {
  return {
    id: 'B1',
    personal: false,
    creator: 'alice',
    seats: 3,
    mode: 'solo',
    options: battleOptions(),
    price: PRICE,
    boxes: { [BOX]: ITEMS },
    rounds: [BOX, BOX],
    serverSeed: 'battle server seed',
    ...over,
  };
}

// Freezing every state proves no command or tick mutates the state it was given.
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function accepted(result: BattleResult): { state: BattleState; events: readonly BattleEvent[] } {
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.message}`);
  return { state: deepFreeze(result.state), events: result.events };
}

function expectRefused(result: BattleResult, code: BattleErrorCode): void {
  expect(result.ok ? 'accepted' : result.error.code).toBe(code);
}

function ofType<T extends BattleEvent['type']>(events: readonly BattleEvent[], type: T): Extract<BattleEvent, { type: T }>[] {
  return events.filter((event): event is Extract<BattleEvent, { type: T }> => event.type === type);
}

/** A battle on a stepped clock with the sim's beacon chain. */
function table(over: Partial<BattleConfig> = {}, beaconSeed = 'beacon seed') {
  const clock = { now: T0 };
  const chain = createBeaconChain({ seed: beaconSeed, now: () => clock.now, start: T0 - 10_000 });
  const log: BattleEvent[] = [];
  const created = accepted(createBattle(config(over), clock.now));
  let state = created.state;
  log.push(...created.events);
  const sim = {
    clock,
    chain,
    log,
    get state() {
      return state;
    },
    /** Runs a command at the current time; an accepted one replaces the state. */
    run(command: (current: BattleState, now: number) => BattleResult): BattleResult {
      const result = command(state, clock.now);
      if (result.ok) {
        state = deepFreeze(result.state);
        log.push(...result.events);
      }
      return result;
    },
    tickAt(now: number): readonly BattleEvent[] {
      clock.now = now;
      const step = tickBattle(state, now, chain);
      state = deepFreeze(step.state);
      log.push(...step.events);
      return step.events;
    },
    /** Ticks at every wake-up until the battle is over, needs a command, or `stop` says so. */
    playOut(stop: (current: BattleState) => boolean = () => false): void {
      for (let wake = nextWakeAt(state, clock.now); wake !== null && !stop(state); wake = nextWakeAt(state, clock.now)) this.tickAt(Math.max(wake, clock.now));
    },
  };
  return sim;
}

function fill(sim: ReturnType<typeof table>, players: string[]): void {
  for (const player of players) accepted(sim.run((s, now) => joinBattle(s, { player }, now)));
}

describe('creating a battle', () => {
  test('seats and charges the creator in seat 1 and waits for players', () => {
    const result = accepted(createBattle(config({ creatorSeed: 'abcdefghij' }), T0));
    expect(result.state.status).toBe('waiting');
    expect(result.state.occupants.map((o) => o?.player ?? null)).toEqual(['alice', null, null]);
    expect(result.state.occupants[0]?.clientSeed).toBe('abcdefghij');
    expect(result.state.serverSeedHashed).toBe(createHash('sha256').update('battle server seed').digest('hex'));
    expect(result.events).toContainEqual({ type: 'CHARGE', player: 'alice', amount: PRICE, reason: 'seat', seat: 1 });
  });

  test('the creator may pick another seat', () => {
    expect(accepted(createBattle(config({ creatorSeat: 3 }), T0)).state.occupants[2]?.player).toBe('alice');
    expectRefused(createBattle(config({ creatorSeat: 4 }), T0), 'BAD_SETUP');
  });

  test.each([
    ['a team battle of three', { mode: 'team' as BattleMode }],
    ['rob in a team battle', { mode: 'team' as BattleMode, seats: 4, options: battleOptions({ rob: true }) }],
    ['a round of an unknown box', { rounds: [BOX, 'SF0000000009'] }],
    ['a box whose ranges leave a gap', { boxes: { [BOX]: [{ item: 'x', range: [1, 10] as const, price: 1 }] } }],
    ['a free seat', { price: 0 }],
    ['no rounds', { rounds: [] }],
    ['more crowns than rounds', { options: battleOptions({ kings: 3 }) }],
  ])('%s is refused', (_name, over) => {
    expectRefused(createBattle(config(over), T0), 'BAD_SETUP');
  });
});

describe('joining', () => {
  test('takes the first free seat and charges it, or the seat asked for', () => {
    const sim = table({ seats: 4 });
    const bob = accepted(sim.run((s, now) => joinBattle(s, { player: 'bob', clientSeed: 'bobseed123' }, now)));
    expect(bob.events).toEqual([
      { type: 'SEATED', seat: 2, player: 'bob', bot: false, sponsored: false },
      { type: 'CHARGE', player: 'bob', amount: PRICE, reason: 'seat', seat: 2 },
    ]);
    accepted(sim.run((s, now) => joinBattle(s, { player: 'carol', seat: 4 }, now)));
    expect(sim.state.occupants.map((o) => o?.player ?? null)).toEqual(['alice', 'bob', null, 'carol']);
  });

  test('joining twice, a taken seat and a seat beyond the count are refused and change nothing', () => {
    const sim = table();
    fill(sim, ['bob']);
    const before = sim.state;
    expectRefused(joinBattle(before, { player: 'bob' }, T0), 'ALREADY_SEATED');
    expectRefused(joinBattle(before, { player: 'alice' }, T0), 'ALREADY_SEATED');
    expectRefused(joinBattle(before, { player: 'carol', seat: 2 }, T0), 'SEAT_TAKEN');
    for (const seat of [0, 4, -1, 1.5]) expectRefused(joinBattle(before, { player: 'carol', seat }, T0), 'NO_SUCH_SEAT');
    expect(sim.state).toBe(before);
  });

  test('the last seat starts the process; joining a full, running, finished or closed battle is refused', () => {
    const sim = table();
    fill(sim, ['bob', 'carol']);
    expect(sim.state.status).toBe('process');
    expect(sim.state.filledAt).toBe(T0);
    expectRefused(joinBattle(sim.state, { player: 'dave' }, T0), 'FULL');
    sim.playOut((s) => s.status === 'running');
    expect(sim.state.status).toBe('running');
    expectRefused(joinBattle(sim.state, { player: 'dave' }, sim.clock.now), 'STARTED');
    sim.playOut();
    expect(sim.state.status).toBe('finished');
    expectRefused(joinBattle(sim.state, { player: 'dave' }, sim.clock.now), 'FINISHED');
    const closed = table();
    closed.run((s, now) => leaveBattle(s, { player: 'alice' }, now));
    expectRefused(joinBattle(closed.state, { player: 'dave' }, T0), 'CLOSED');
  });

  test('20 players racing for the last seat: exactly one is seated and charged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.boolean(), async (scheduler, askSeat) => {
        const sim = table();
        fill(sim, ['bob']);
        const racers = Array.from({ length: 20 }, (_, i) => `racer${i}`);
        // Each request arrives whenever the scheduler lets it; each applies to the latest state, as the methods layer does.
        const tasks = racers.map((player) =>
          scheduler.schedule(Promise.resolve(player)).then((who) => sim.run((s, now) => joinBattle(s, askSeat ? { player: who, seat: 3 } : { player: who }, now))),
        );
        await scheduler.waitAll();
        const results = await Promise.all(tasks);
        const winners = results.filter((r) => r.ok);
        expect(winners).toHaveLength(1);
        expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error.code))).toEqual(Array.from({ length: 19 }, () => 'FULL'));
        const charges = ofType(sim.log, 'CHARGE').filter((charge) => charge.player.startsWith('racer'));
        expect(charges).toHaveLength(1);
        expect(sim.state.occupants[2]?.player).toBe(charges[0]?.player);
        expect(sim.state.status).toBe('process');
      }),
      { numRuns: 50 },
    );
  });
});

describe('leaving, kicking and cancelling', () => {
  test('a player leaving before the start gets the seat price back and frees the seat', () => {
    const sim = table();
    fill(sim, ['bob']);
    const left = accepted(sim.run((s, now) => leaveBattle(s, { player: 'bob' }, now)));
    expect(left.events).toEqual([
      { type: 'LEFT', seat: 2, player: 'bob', kicked: false },
      { type: 'REFUND', player: 'bob', amount: PRICE, reason: 'leave' },
    ]);
    expect(sim.state.occupants[1]).toBeNull();
    expectRefused(leaveBattle(sim.state, { player: 'bob' }, T0), 'NOT_SEATED');
  });

  test('the creator leaving closes the battle and refunds every seat', () => {
    const sim = table({ seats: 4 });
    fill(sim, ['bob', 'carol']);
    const closed = accepted(sim.run((s, now) => leaveBattle(s, { player: 'alice' }, now)));
    expect(sim.state.status).toBe('closed');
    expect(sim.state.closeReason).toBe('creator_left');
    expect(ofType(closed.events, 'REFUND').map((r) => [r.player, r.amount])).toEqual([['alice', PRICE], ['bob', PRICE], ['carol', PRICE]]);
    expect(ofType(closed.events, 'CLOSED')).toHaveLength(1);
  });

  test('leaving after the start is refused', () => {
    const sim = table();
    fill(sim, ['bob', 'carol']);
    expectRefused(leaveBattle(sim.state, { player: 'bob' }, T0), 'STARTED');
    expectRefused(cancelBattle(sim.state, T0), 'STARTED');
  });

  test('the creator of a waiting personal battle removes a player, who is refunded', () => {
    const sim = table({ personal: true });
    fill(sim, ['bob']);
    expectRefused(kickFromBattle(sim.state, { by: 'bob', player: 'alice' }, T0), 'NOT_CREATOR');
    expectRefused(kickFromBattle(sim.state, { by: 'alice', player: 'alice' }, T0), 'KICK_SELF');
    expectRefused(kickFromBattle(sim.state, { by: 'alice', player: 'carol' }, T0), 'NOT_SEATED');
    const kicked = accepted(sim.run((s, now) => kickFromBattle(s, { by: 'alice', player: 'bob' }, now)));
    expect(kicked.events).toEqual([
      { type: 'LEFT', seat: 2, player: 'bob', kicked: true },
      { type: 'REFUND', player: 'bob', amount: PRICE, reason: 'kick' },
    ]);
  });

  test('nobody can be removed from a public battle or after the start', () => {
    const open = table();
    fill(open, ['bob']);
    expectRefused(kickFromBattle(open.state, { by: 'alice', player: 'bob' }, T0), 'NOT_PERSONAL');
    const started = table({ personal: true });
    fill(started, ['bob', 'carol']);
    expectRefused(kickFromBattle(started.state, { by: 'alice', player: 'bob' }, T0), 'STARTED');
  });

  test('cancelling a waiting battle refunds everything paid', () => {
    const sim = table({ seats: 4 });
    fill(sim, ['bob']);
    accepted(sim.run((s, now) => sponsorSeats(s, { by: 'zed', seats: 2 }, now)));
    const cancelled = accepted(sim.run((s, now) => cancelBattle(s, now)));
    expect(ofType(cancelled.events, 'REFUND').map((r) => [r.player, r.amount, r.reason])).toEqual([
      ['alice', PRICE, 'close'],
      ['bob', PRICE, 'close'],
      ['zed', 2 * PRICE, 'sponsor_unused'],
    ]);
    expect(sim.state.closeReason).toBe('cancelled');
  });
});

describe('sponsors and bots', () => {
  test('a sponsor pays seats that the next joiners take for free', () => {
    const sim = table({ seats: 4 });
    const sponsored = accepted(sim.run((s, now) => sponsorSeats(s, { by: 'zed', seats: 2 }, now)));
    expect(sponsored.events).toContainEqual({ type: 'CHARGE', player: 'zed', amount: 2 * PRICE, reason: 'sponsor', seat: null });
    const bob = accepted(sim.run((s, now) => joinBattle(s, { player: 'bob' }, now)));
    expect(bob.events).toEqual([{ type: 'SEATED', seat: 2, player: 'bob', bot: false, sponsored: true }]);
    expect(sim.state.occupants[1]).toMatchObject({ payer: 'zed', sponsored: true });
    expectRefused(sponsorSeats(sim.state, { by: 'zed', seats: 2 }, T0), 'NO_FREE_SEATS');
    expectRefused(sponsorSeats(sim.state, { by: 'zed', seats: 0 }, T0), 'NO_FREE_SEATS');
  });

  test('a sponsored player who leaves gives the seat back to the sponsor\u2019s credit, not to themselves', () => {
    const sim = table({ seats: 4 });
    accepted(sim.run((s, now) => sponsorSeats(s, { by: 'zed', seats: 1 }, now)));
    fill(sim, ['bob']);
    const left = accepted(sim.run((s, now) => leaveBattle(s, { player: 'bob' }, now)));
    expect(ofType(left.events, 'REFUND')).toEqual([]);
    expect(sim.state.sponsorCredits).toEqual(['zed']);
    const carol = accepted(sim.run((s, now) => joinBattle(s, { player: 'carol' }, now)));
    expect(ofType(carol.events, 'CHARGE')).toEqual([]);
  });

  test('the creator calls bots into every free seat; the battle then starts and unused sponsor seats are refunded', () => {
    const sim = table({ seats: 5 });
    accepted(sim.run((s, now) => sponsorSeats(s, { by: 'zed', seats: 2 }, now)));
    fill(sim, ['bob']);
    expectRefused(callBots(sim.state, { by: 'bob', bots: ['b1', 'b2', 'b3'] }, T0), 'NOT_CREATOR');
    expectRefused(callBots(sim.state, { by: 'alice', bots: ['b1', 'b2', 'b2', 'bob'] }, T0), 'NOT_ENOUGH_BOTS');
    const called = accepted(sim.run((s, now) => callBots(s, { by: 'alice', bots: ['bob', 'b1', 'b2', 'b3', 'b4'] }, now)));
    expect(ofType(called.events, 'SEATED').map((e) => [e.seat, e.player, e.bot])).toEqual([[3, 'b1', true], [4, 'b2', true], [5, 'b3', true]]);
    expect(ofType(called.events, 'CHARGE')).toEqual([]);
    expect(ofType(called.events, 'REFUND')).toEqual([{ type: 'REFUND', player: 'zed', amount: PRICE, reason: 'sponsor_unused' }]);
    expect(sim.state.status).toBe('process');
    expectRefused(callBots(sim.state, { by: 'alice', bots: ['b9'] }, T0), 'FULL');
  });
});

describe('the process and the rounds', () => {
  test('the beacon is the first block after the last seat fills; rounds start after the countdown', () => {
    const sim = table();
    sim.clock.now = T0 + 400; // 1_700_000_000_600
    fill(sim, ['bob', 'carol']);
    expect(sim.tickAt(T0 + 799)).toEqual([]);
    expect(nextWakeAt(sim.state, sim.clock.now)).toBe(T0 + 799 + BATTLE_TIMINGS.beaconPollMs);
    const [beacon] = sim.tickAt(1_700_000_001_000);
    const block = sim.chain.block(1_700_000_001);
    expect(beacon).toEqual({ type: 'BEACON', beacon: { id: block?.id, number: block?.number, time: block?.time }, startAt: T0 + 400 + BATTLE_TIMINGS.countdownMs });
    expect(sim.state.drops).toEqual([]);
  });

  test('each round\u2019s drops are decided exactly when it starts, on the normal and the fast schedule', () => {
    for (const fast of [false, true]) {
      const sim = table({ options: battleOptions({ fast }) });
      fill(sim, ['bob', 'carol']);
      sim.tickAt(T0 + 1_000);
      const startAt = sim.state.startAt ?? 0;
      const round = fast ? BATTLE_TIMINGS.roundMs.fast : BATTLE_TIMINGS.roundMs.normal;
      expect(sim.tickAt(startAt - 1)).toEqual([]);
      const first = sim.tickAt(startAt);
      expect(first.map((e) => e.type)).toEqual(['STATUS', 'ROUND_STARTED']);
      expect(ofType(first, 'ROUND_STARTED')[0]).toMatchObject({ round: 1, box: BOX, startsAt: startAt, endsAt: startAt + round });
      expect(sim.state.drops).toHaveLength(1);
      expect(nextWakeAt(sim.state, sim.clock.now)).toBe(startAt + round);
      expect(sim.tickAt(startAt + round - 1)).toEqual([]);
      expect(ofType(sim.tickAt(startAt + round), 'ROUND_STARTED')[0]?.round).toBe(2);
      expect(sim.state.drops).toHaveLength(2);
      const end = sim.tickAt(startAt + 2 * round);
      expect(end.map((e) => e.type)).toEqual(['STATUS', 'FINISHED']);
      expect(sim.state).toMatchObject({ status: 'finished', endedAt: startAt + 2 * round });
    }
  });

  test('a late tick plays every missed step in order with its scheduled times', () => {
    const sim = table({ rounds: [BOX, BOX, BOX] });
    fill(sim, ['bob', 'carol']);
    const events = sim.tickAt(T0 + 1_000_000);
    const startAt = sim.state.startAt ?? 0;
    expect(events.map((e) => e.type)).toEqual(['BEACON', 'STATUS', 'ROUND_STARTED', 'ROUND_STARTED', 'ROUND_STARTED', 'STATUS', 'FINISHED']);
    expect(ofType(events, 'ROUND_STARTED').map((e) => e.startsAt)).toEqual([0, 1, 2].map((i) => startAt + i * BATTLE_TIMINGS.roundMs.normal));
    expect(ofType(events, 'FINISHED')[0]?.at).toBe(startAt + 3 * BATTLE_TIMINGS.roundMs.normal);
  });

  test('a battle waits as long as its beacon block does not exist', () => {
    const sim = table();
    fill(sim, ['bob', 'carol']);
    const never = { blockAfter: () => null };
    const step = tickBattle(sim.state, T0 + 60_000, never);
    expect(step.events).toEqual([]);
    expect(step.state).toBe(sim.state);
  });

  test('the drops are the fair tickets of the beacon and the server seed, and the winner gets every drop once', () => {
    const sim = table();
    fill(sim, ['bob', 'carol']);
    sim.playOut();
    const fairness = { beacon: sim.state.beacon?.id ?? '', serverSeed: 'battle server seed' };
    const expected = battleDrops(fairness, 3, [ITEMS, ITEMS]);
    expect(sim.state.drops.map((round) => round.map((d) => [d.nonce, d.ticket, d.item]))).toEqual(expected.map((round) => round.map((d) => [d.nonce, d.ticket, d.item.item])));
    const [finished] = ofType(sim.log, 'FINISHED');
    const outcome = decideBattle({ seats: 3, mode: 'solo', options: battleOptions(), fairness, values: dropValues(expected) });
    expect(finished?.outcome).toEqual(outcome);
    expect(finished?.payouts.reduce((sum, p) => sum + p.amount, 0)).toBe(outcome.pot - outcome.payout.house);
    expect(finished?.payouts.map((p) => p.drops.length)).toEqual(finished?.payouts.map((p) => (p.kind === 'drops' ? 6 : 0)));
    expect(sim.tickAt(sim.clock.now + 1_000_000)).toEqual([]);
  });
});

describe('rob mode', () => {
  const SALT = { alice: 'alice-salt', bob: 'bob-salt' } as const;

  // Two humans: the pair is always both seats.
  function robTable() {
    const sim = table({ seats: 2, options: battleOptions({ rob: true }) });
    fill(sim, ['bob']);
    sim.playOut((s) => s.status === 'rob');
    return sim;
  }
  const commit = (player: 'alice' | 'bob', decision: string) => (s: BattleState, now: number) =>
    commitRobDecision(s, { player, hashed: hashDecision(decision, SALT[player]) }, now);
  const reveal = (player: 'alice' | 'bob', decision: string, salt: string = SALT[player]) => (s: BattleState, now: number) =>
    revealRobDecision(s, { player, decision, salt }, now);

  test('after the last round the two leaders commit, then reveal, then the decisions are paid', () => {
    const cases = [
      ['split', 'split', 'split', [1, 2], 'coins'],
      ['rob', 'split', 'rob', [1], 'drops'],
      ['split', 'rob', 'rob', [2], 'drops'],
      ['rob', 'rob', 'both_rob', [], 'house'],
    ] as const;
    for (const [a, b, result, winners, kind] of cases) {
      const sim = robTable();
      expect(sim.state.status).toBe('rob');
      expect(sim.state.rob?.seats.map((s) => s.seat)).toEqual([1, 2]);
      accepted(sim.run(commit('alice', a)));
      const both = accepted(sim.run(commit('bob', b)));
      expect(both.events.map((e) => e.type)).toEqual(['ROB_COMMITTED', 'ROB_REVEAL_STARTED']);
      accepted(sim.run(reveal('alice', a)));
      const done = accepted(sim.run(reveal('bob', b)));
      const [finished] = ofType(done.events, 'FINISHED');
      expect(finished?.outcome.rob?.result).toBe(result);
      expect(finished?.outcome.winners).toEqual(winners);
      expect(finished?.outcome.payout.kind).toBe(kind);
      expect(sim.state.rob?.status).toBe('finished');
    }
  });

  test('a reveal that does not match its commit is refused and changes nothing; the right one is then accepted', () => {
    const sim = robTable();
    accepted(sim.run(commit('alice', 'split')));
    accepted(sim.run(commit('bob', 'split')));
    const before = sim.state;
    expectRefused(sim.run(reveal('alice', 'rob')), 'REVEAL_MISMATCH');
    expectRefused(sim.run(reveal('alice', 'split', 'other-salt')), 'REVEAL_MISMATCH');
    expectRefused(sim.run(reveal('alice', 'steal')), 'BAD_REVEAL');
    expectRefused(sim.run(reveal('alice', 'split', '')), 'BAD_REVEAL');
    expect(sim.state).toBe(before);
    accepted(sim.run(reveal('alice', 'split')));
    expectRefused(sim.run(reveal('alice', 'split')), 'ALREADY_REVEALED');
  });

  test('a seat that does not commit in time counts as split', () => {
    const sim = robTable();
    const deadline = sim.state.rob?.commitDeadline ?? 0;
    expect(deadline).toBe((sim.state.startAt ?? 0) + 2 * BATTLE_TIMINGS.roundMs.normal + BATTLE_TIMINGS.robCommitMs);
    accepted(sim.run(commit('alice', 'rob')));
    expectRefused(sim.run(reveal('alice', 'rob')), 'REVEAL_NOT_OPEN');
    expect(sim.tickAt(deadline - 1)).toEqual([]);
    expect(sim.tickAt(deadline)).toEqual([{ type: 'ROB_REVEAL_STARTED', revealDeadline: deadline + BATTLE_TIMINGS.robRevealMs }]);
    expectRefused(sim.run(commit('bob', 'rob')), 'COMMIT_CLOSED');
    expectRefused(sim.run(reveal('bob', 'rob')), 'NOT_COMMITTED');
    const done = accepted(sim.run(reveal('alice', 'rob')));
    const [finished] = ofType(done.events, 'FINISHED');
    expect(finished?.outcome.rob?.decisions).toEqual([{ seat: 1, decision: 'rob' }, { seat: 2, decision: 'split' }]);
    expect(finished?.outcome.winners).toEqual([1]);
  });

  test('nobody committing finishes at the commit deadline as split', () => {
    const sim = robTable();
    const deadline = sim.state.rob?.commitDeadline ?? 0;
    const events = sim.tickAt(deadline + 5_000);
    expect(ofType(events, 'FINISHED')[0]).toMatchObject({ at: deadline, outcome: { rob: { result: 'split' } } });
  });

  test('a commit never revealed counts as split at the reveal deadline', () => {
    const sim = robTable();
    accepted(sim.run(commit('alice', 'rob')));
    accepted(sim.run(commit('bob', 'rob')));
    accepted(sim.run(reveal('bob', 'rob')));
    const deadline = sim.state.rob?.revealDeadline ?? 0;
    sim.clock.now = deadline;
    expectRefused(sim.run(reveal('alice', 'rob')), 'REVEAL_CLOSED');
    const [finished] = ofType(sim.tickAt(deadline), 'FINISHED');
    expect(finished?.outcome.rob?.decisions).toEqual([{ seat: 1, decision: 'split' }, { seat: 2, decision: 'rob' }]);
    expect(finished?.outcome.winners).toEqual([2]);
  });

  test('only the pair commits, once, a 64-hex commitment, during the rob phase', () => {
    const early = table({ seats: 2, options: battleOptions({ rob: true }) });
    expectRefused(early.run(commit('alice', 'rob')), 'NOT_ROB_PHASE');
    const sim = robTable();
    expectRefused(commitRobDecision(sim.state, { player: 'carol', hashed: 'a'.repeat(64) }, sim.clock.now), 'NOT_IN_PAIR');
    expectRefused(commitRobDecision(sim.state, { player: 'alice', hashed: 'xyz' }, sim.clock.now), 'BAD_COMMIT');
    accepted(sim.run(commit('alice', 'rob')));
    expectRefused(sim.run(commit('alice', 'split')), 'ALREADY_COMMITTED');
  });

  test('a bot in the pair counts as split at once; two bots finish the battle straight away', () => {
    const withBot = table({ seats: 2, options: battleOptions({ rob: true }) });
    accepted(withBot.run((s, now) => callBots(s, { by: 'alice', bots: ['bot1'] }, now)));
    withBot.playOut((s) => s.status === 'rob');
    expect(withBot.state.rob?.seats.map((s) => [s.player, s.decision])).toEqual([['alice', null], ['bot1', 'split']]);
    accepted(withBot.run(commit('alice', 'rob')));
    const [finished] = ofType(accepted(withBot.run(reveal('alice', 'rob'))).events, 'FINISHED');
    expect(finished?.payouts).toMatchObject([{ seat: 1, player: 'alice', kind: 'drops' }]);

    // Among fixed server seeds, find battles of alice and two bots whose pair is both bots.
    const botPairs = Array.from({ length: 30 }, (_, i) => {
      const sim = table({ options: battleOptions({ rob: true }), serverSeed: `seed-${i}` });
      accepted(sim.run((s, now) => callBots(s, { by: 'alice', bots: ['bot1', 'bot2'] }, now)));
      sim.playOut();
      return sim;
    }).filter((sim) => sim.state.rob?.seats.every((seat) => seat.bot));
    expect(botPairs.length).toBeGreaterThan(0);
    for (const sim of botPairs) {
      const roundsEnd = (sim.state.startAt ?? 0) + 2 * BATTLE_TIMINGS.roundMs.normal;
      expect(sim.state).toMatchObject({ status: 'finished', endedAt: roundsEnd });
      expect(sim.log.map((e) => e.type).slice(-4)).toEqual(['STATUS', 'ROB_STARTED', 'STATUS', 'FINISHED']);
      expect(sim.state.outcome?.rob?.result).toBe('split');
    }
  });
});

// --- Properties over whole battles ------------------------------------------------------

type Plan = {
  seats: number;
  mode: BattleMode;
  options: BattleOptions;
  humans: number;
  boxes: Record<string, DropItem[]>;
  rounds: string[];
  serverSeed: string;
  beaconSeed: string;
  robPlan: ('split' | 'rob' | 'no-commit' | 'no-reveal')[];
  fillAt: number;
};

// A range table of 1..4 items over 1..100000 with prices from a short list (so ties happen).
const anyTable = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 1, max: 99_999 }), { maxLength: 3 }), fc.array(fc.constantFrom(0, 5, 50, 500), { minLength: 4, maxLength: 4 }))
  .map(([cuts, prices]) => {
    const bounds = [0, ...cuts.toSorted((a, b) => a - b), 100_000];
    return bounds.slice(1).map((to, i): DropItem => ({ item: `SF${String(100 + i).padStart(10, '0')}`, range: [(bounds[i] ?? 0) + 1, to], price: prices[i] ?? 0 }));
  });

const anyPlan = fc
  .record({
    team: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
    seats: fc.integer({ min: 2, max: 5 }),
    humans: fc.integer({ min: 1, max: 5 }),
    crazy: fc.boolean(),
    terminal: fc.boolean(),
    tiebreak: fc.boolean(),
    kings: fc.integer({ min: 0, max: 4 }),
    rob: fc.boolean(),
    share: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    fast: fc.boolean(),
    tables: fc.array(anyTable, { minLength: 1, maxLength: 2 }),
    order: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    serverSeed: fc.string({ minLength: 1, maxLength: 12 }),
    beaconSeed: fc.string({ minLength: 1, maxLength: 12 }),
    robPlan: fc.array(fc.constantFrom('split', 'rob', 'no-commit', 'no-reveal') as fc.Arbitrary<Plan['robPlan'][number]>, { minLength: 2, maxLength: 2 }),
    fillAt: fc.integer({ min: 0, max: 5_000 }),
  })
  .map((r): Plan => {
    const seats = r.team ? 4 : r.seats;
    const boxes = Object.fromEntries(r.tables.map((t, i) => [`SF${String(i + 1).padStart(10, '0')}`, t]));
    const names = Object.keys(boxes);
    const rounds = r.order.map((n) => names[n % names.length] ?? '');
    const rob = r.rob && !r.team && !r.share;
    const options = battleOptions({ crazy: r.crazy, terminal: r.terminal, tiebreak: r.tiebreak, kings: Math.min(r.kings, rounds.length), rob, share: r.share, fast: r.fast });
    return { seats, mode: r.team ? 'team' : 'solo', options, humans: Math.min(r.humans, seats), boxes, rounds, serverSeed: r.serverSeed, beaconSeed: r.beaconSeed, robPlan: r.robPlan, fillAt: r.fillAt };
  });

const playerName = (i: number) => (i === 0 ? 'alice' : `player${i}`);

// Plays a plan to the end: humans join, bots fill the rest, rob decisions follow the plan.
function play(plan: Plan) {
  const sim = table(
    { seats: plan.seats, mode: plan.mode, options: plan.options, boxes: plan.boxes, rounds: plan.rounds, serverSeed: plan.serverSeed },
    plan.beaconSeed,
  );
  sim.clock.now += plan.fillAt;
  fill(sim, Array.from({ length: plan.humans - 1 }, (_, i) => playerName(i + 1)));
  if (sim.state.status === 'waiting') {
    accepted(sim.run((s, now) => callBots(s, { by: 'alice', bots: Array.from({ length: plan.seats }, (_, i) => `bot${i}`) }, now)));
  }
  sim.playOut((s) => s.status === 'rob');
  if (sim.state.status === 'rob') {
    const humans = (sim.state.rob?.seats ?? []).filter((s) => !s.bot);
    for (const [i, seat] of humans.entries()) {
      const step = plan.robPlan[i] ?? 'split';
      if (step === 'no-commit') continue;
      const decision = step === 'no-reveal' ? 'rob' : step;
      accepted(sim.run((s, now) => commitRobDecision(s, { player: seat.player, hashed: hashDecision(decision, `salt-${i}`) }, now)));
    }
    // A missing commit holds the reveals until the commit deadline.
    if (sim.state.rob?.status === 'commit') sim.tickAt(sim.state.rob.commitDeadline);
    for (const [i, seat] of humans.entries()) {
      const step = plan.robPlan[i] ?? 'split';
      if (step === 'no-commit' || step === 'no-reveal' || sim.state.status !== 'rob') continue;
      accepted(sim.run((s, now) => revealRobDecision(s, { player: seat.player, decision: step, salt: `salt-${i}` }, now)));
    }
    sim.playOut();
  }
  return sim;
}

describe('whole battles', () => {
  test('replaying a finished battle\u2019s record through the rules reproduces the engine\u2019s drops and outcome', () => {
    fc.assert(
      fc.property(anyPlan, (plan) => {
        const sim = play(plan);
        expect(sim.state.status).toBe('finished');
        const { state } = sim;
        // What the fairness page has: the revealed server seed, the beacon, the tables, the rob reveals.
        expect(createHash('sha256').update(state.serverSeed).digest('hex')).toBe(state.serverSeedHashed);
        const block = sim.chain.blockAfter(state.filledAt ?? 0);
        expect(state.beacon?.id).toBe(block?.id);
        expect(block?.time).toBeGreaterThan(state.filledAt ?? 0);
        const fairness = { beacon: state.beacon?.id ?? '', serverSeed: state.serverSeed };
        const drops = battleDrops(fairness, state.seats, battleTables(state));
        expect(state.drops).toEqual(drops.map((round) => round.map((d) => ({ round: d.round, seat: d.seat, nonce: d.nonce, ticket: d.ticket, item: d.item.item, range: d.item.range, value: d.value }))));
        const robDecisions = state.rob?.seats.map((s) => ({
          seat: s.seat,
          decision: s.hashed !== null && s.decision !== null && s.salt !== null && robRevealMatches(s.hashed, s.decision, s.salt) ? s.decision : ('split' as const),
        }));
        const replayed = decideBattle({ seats: state.seats, mode: state.mode, options: state.options, fairness, values: dropValues(drops), ...(robDecisions ? { robDecisions } : {}) });
        expect(replayed).toEqual(state.outcome);
        expect(battleRecord(state).values).toEqual(dropValues(drops));
        const finished = ofType(sim.log, 'FINISHED');
        expect(finished).toHaveLength(1);
        expect(finished[0]?.outcome).toEqual(replayed);
        expect(sim.tickAt(sim.clock.now + 10_000_000)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  test('a finished battle pays the pot exactly once: payouts plus the house share equal the pot, no seat twice', () => {
    fc.assert(
      fc.property(anyPlan, (plan) => {
        const sim = play(plan);
        const [finished, ...more] = ofType(sim.log, 'FINISHED');
        expect(more).toEqual([]);
        if (!finished) throw new Error('not finished');
        const pot = sim.state.drops.flat().reduce((sum, d) => sum + d.value, 0);
        expect(finished.payouts.reduce((sum, p) => sum + p.amount, 0) + finished.house).toBe(pot);
        const seats = finished.payouts.map((p) => p.seat);
        expect(new Set(seats).size).toBe(seats.length);
        for (const payout of finished.payouts) {
          expect(payout.player).toBe(sim.state.occupants[payout.seat - 1]?.player);
          expect(payout.drops).toHaveLength(payout.kind === 'drops' ? sim.state.drops.flat().length : 0);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('whatever happens in the lobby, exactly the seats and sponsor credits still held stay charged', () => {
    const command = fc.oneof(
      fc.record({ kind: fc.constant('join' as const), who: fc.integer({ min: 0, max: 6 }), seat: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }) }),
      fc.record({ kind: fc.constant('leave' as const), who: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant('kick' as const), who: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant('sponsor' as const), who: fc.integer({ min: 0, max: 6 }), seats: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('bots' as const) }),
      fc.record({ kind: fc.constant('cancel' as const) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.boolean(), fc.array(command, { maxLength: 25 }), (seats, personal, commands) => {
        const sim = table({ seats, personal });
        for (const c of commands) {
          const who = playerName(c.kind === 'bots' || c.kind === 'cancel' ? 0 : c.who);
          sim.run((s, now) => {
            switch (c.kind) {
              case 'join':
                return joinBattle(s, c.seat === undefined ? { player: who } : { player: who, seat: c.seat }, now);
              case 'leave':
                return leaveBattle(s, { player: who }, now);
              case 'kick':
                return kickFromBattle(s, { by: 'alice', player: who }, now);
              case 'sponsor':
                return sponsorSeats(s, { by: who, seats: c.seats }, now);
              case 'bots':
                return callBots(s, { by: 'alice', bots: ['b1', 'b2', 'b3', 'b4'] }, now);
              case 'cancel':
                return cancelBattle(s, now);
            }
          });
        }
        const held = new Map<string, number>();
        const add = (player: string, amount: number) => held.set(player, (held.get(player) ?? 0) + amount);
        for (const e of sim.log) {
          if (e.type === 'CHARGE') add(e.player, e.amount);
          if (e.type === 'REFUND') add(e.player, -e.amount);
        }
        const owed = new Map<string, number>();
        if (sim.state.status !== 'closed') {
          for (const o of sim.state.occupants) if (o?.payer != null) owed.set(o.payer, (owed.get(o.payer) ?? 0) + o.paid);
          for (const sponsor of sim.state.sponsorCredits) owed.set(sponsor, (owed.get(sponsor) ?? 0) + PRICE);
        }
        const nonZero = (m: Map<string, number>) => [...m].filter(([, v]) => v !== 0).toSorted(([a], [b]) => a.localeCompare(b));
        expect(nonZero(held)).toEqual(nonZero(owed));
        expect([...held.values()].every((v) => v >= 0)).toBe(true);
        expect(sim.state.occupants.filter((o) => o !== null).length === seats).toBe(sim.state.status === 'process');
        expect(sim.state.status === 'process' ? sim.state.sponsorCredits : []).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
