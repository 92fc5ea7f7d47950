import { describe, expect, test } from 'vitest';
import {
  CHICKEN_LEVELS, CHICKEN_RISKS, CHICKEN_RTP_BP, DICE_EDGE_BP, DICE_MAX_CHANCE, DICE_MIN_CHANCE, DICE_TICKET_MAX, GAME_MAX_BET, GAME_MAX_PAYOUT,
  chickenCaught, chickenLadder, chickenMultiplier, diceChance, diceMultiplier, diceRollOf, diceTargetProblem, diceWins, fairTicket, payoutOf,
  randomInt, replayChicken, replayChickenGame, replayDiceRoll, seededRandom, sha256Hex, stakeProblem, type ChickenRisk,
} from '../../src/core/index.ts';

const ROUNDS = 1_000_000;
const CHICKEN_RTP = CHICKEN_RTP_BP / 100;
const DICE_RTP = (10_000 - DICE_EDGE_BP) / 100;

describe('chicken rules', () => {
  test('the spec fixes max damage 100, 150 and 300; multipliers grow with every step', () => {
    expect(CHICKEN_RISKS.map((risk) => CHICKEN_LEVELS[risk].maxDamage)).toEqual([100, 150, 300]);
    for (const risk of CHICKEN_RISKS) {
      const ladder = chickenLadder(risk);
      expect(ladder).toHaveLength(CHICKEN_LEVELS[risk].steps);
      expect(ladder[0]).toBeGreaterThan(10_000);
      for (let i = 1; i < ladder.length; i++) expect(ladder[i]).toBeGreaterThan(ladder[i - 1]!);
    }
    // 0.97 / 0.96 = 1.01041..., 0.97 / 0.8^3 = 1.89453125
    expect(chickenMultiplier('low', 1)).toBe(10_104);
    expect(chickenMultiplier('high', 3)).toBe(18_945);
  });

  test('tickets from the published test vector decide steps (max 100 divides 100000, so tickets follow from it)', () => {
    const tickets = [0, 1, 2, 3].map((nonce) => fairTicket('server seed', 'client seed', nonce, 100));
    expect(tickets).toEqual([93, 28, 79, 16]);
    expect(tickets.map((t) => chickenCaught('low', t))).toEqual([false, false, false, false]);
    expect(chickenCaught('low', 97)).toBe(true);
    expect(chickenCaught('high', 240)).toBe(false);
    expect(chickenCaught('high', 241)).toBe(true);
    expect(() => chickenCaught('medium', 151)).toThrow(RangeError);
  });

  test('replay finds where a game ended and any step whose record disagrees', () => {
    expect(replayChicken('low', [{ step: 1, ticket: 5, caught: false }, { step: 2, ticket: 99, caught: true }])).toEqual({ survived: 1, caught: true, multiplier: 0, mismatch: null });
    expect(replayChicken('low', [{ step: 1, ticket: 5, caught: false }])).toMatchObject({ survived: 1, multiplier: 10_104, mismatch: null });
    expect(replayChicken('low', [{ step: 1, ticket: 99, caught: false }]).mismatch).toMatch(/step 1/);
  });

  test('every cash-out step returns the published 97% exactly, rounding down only', () => {
    for (const risk of CHICKEN_RISKS) {
      const { maxDamage, toughness, steps } = CHICKEN_LEVELS[risk];
      for (let k = 1; k <= steps; k++) {
        const expected = (toughness / maxDamage) ** k * (chickenMultiplier(risk, k) / 10_000) * 100;
        expect(expected).toBeLessThanOrEqual(CHICKEN_RTP + 1e-9);
        expect(expected).toBeGreaterThan(CHICKEN_RTP - 0.01);
      }
    }
  });

  // A cash-out target per level whose spread keeps a million rounds' noise near 0.1 point.
  const TARGETS: Record<ChickenRisk, number> = { low: 10, medium: 5, high: 3 };
  test.each(CHICKEN_RISKS)('%s: a million simulated rounds return within 0.3 points of 97%%', (risk) => {
    const random = seededRandom(0xc41c + risk.length);
    const { maxDamage } = CHICKEN_LEVELS[risk];
    const bet = 10_000;
    let staked = 0;
    let paid = 0;
    for (let round = 0; round < ROUNDS; round++) {
      staked += bet;
      let survived = 0;
      while (survived < TARGETS[risk] && !chickenCaught(risk, randomInt(random, 1, maxDamage))) survived += 1;
      if (survived === TARGETS[risk]) paid += payoutOf(bet, chickenMultiplier(risk, survived));
    }
    expect(Math.abs((paid / staked) * 100 - CHICKEN_RTP)).toBeLessThan(0.3);
  });
});

describe('dice rules', () => {
  test('chance, target and multiplier: (100% - 1%) / chance in ten-thousandths', () => {
    expect(diceChance('under', 4_950)).toBe(4_950);
    expect(diceChance('over', 5_050)).toBe(4_950);
    expect(diceMultiplier(4_950)).toBe(20_000);
    expect(diceMultiplier(DICE_MIN_CHANCE)).toBe(99_000_000);
    expect(diceMultiplier(DICE_MAX_CHANCE)).toBe(10_102);
    expect(diceTargetProblem('under', 0)).toMatch(/chance/);
    expect(diceTargetProblem('under', 9_801)).toMatch(/chance/);
    expect(diceTargetProblem('over', 199)).toMatch(/chance/);
    expect(diceTargetProblem('over', 200)).toBeNull();
    expect(diceTargetProblem('over', 10_001)).toMatch(/target/);
    expect(diceTargetProblem('under', 1.5)).toMatch(/target/);
  });

  test('tickets from the published test vector give the rolls (max 10000 divides 100000)', () => {
    const rolls = [0, 1, 2, 3].map((nonce) => diceRollOf(fairTicket('server seed', 'client seed', nonce, DICE_TICKET_MAX)));
    expect(rolls).toEqual([192, 2227, 4978, 2715]);
    expect(rolls.map((roll) => diceWins('under', 2_228, roll))).toEqual([true, true, false, false]);
    expect(rolls.map((roll) => diceWins('over', 2_715, roll))).toEqual([false, false, true, true]);
  });

  test('every chance from 0.01% to 98% returns 99% over all 10000 tickets, never more', () => {
    for (let chance = DICE_MIN_CHANCE; chance <= DICE_MAX_CHANCE; chance++) {
      const rtp = (chance * diceMultiplier(chance)) / 1e6;
      expect(rtp).toBeLessThanOrEqual(DICE_RTP);
      expect(rtp).toBeGreaterThan(DICE_RTP - 0.01);
    }
  });

  test.each([9_800, 9_000, 7_500, 5_000])('chance %i: a million simulated rolls return within 0.3 points of 99%%', (chance) => {
    const random = seededRandom(0xd1ce + chance);
    const bet = 10_000;
    const multiplier = diceMultiplier(chance);
    let paid = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const side = i % 2 === 0 ? 'under' : 'over';
      const target = side === 'under' ? chance : DICE_TICKET_MAX - chance;
      if (diceWins(side, target, diceRollOf(randomInt(random, 1, DICE_TICKET_MAX)))) paid += payoutOf(bet, multiplier);
    }
    expect(Math.abs((paid / (bet * ROUNDS)) * 100 - DICE_RTP)).toBeLessThan(0.3);
  });
});

describe('stake limits', () => {
  test('whole cents up to the max bet, and no stake whose best payout passes the max payout', () => {
    expect(stakeProblem(0, 20_000)).toMatch(/at least 1/);
    expect(stakeProblem(1.5, 20_000)).toMatch(/whole cents/);
    expect(stakeProblem(GAME_MAX_BET, 20_000)).toBeNull();
    expect(stakeProblem(GAME_MAX_BET + 1, 20_000)).toMatch(/at most/);
    expect(stakeProblem(GAME_MAX_PAYOUT / 100 + 1, 1_000_000)).toMatch(/maximum/);
  });
});

describe('the chicken and dice verifier', () => {
  const serverSeed = 'server seed';
  const hashed = sha256Hex(serverSeed);
  const step = (n: number, revealed = true) => {
    const ticket = fairTicket(serverSeed, 'client seed', n - 1, 100);
    return { step: n, nonce: n - 1, ticket, caught: chickenCaught('low', ticket), client_seed: 'client seed', server_seed_hashed: hashed, server_seed: revealed ? serverSeed : null, time: 0 };
  };
  const game = { hash: 'SF1', user_hash: 'SF2', risk: 'low' as const, max_damage: 100, bet: 1_000, status: 'cashed' as const, steps: 4, multiplier: chickenMultiplier('low', 4), payout: payoutOf(1_000, chickenMultiplier('low', 4)), created_at: 0, finished_at: 1 };

  test('a chicken game recomputes step by step; a changed ticket, outcome or payout is named', () => {
    const steps = [1, 2, 3, 4].map((n) => step(n));
    expect(replayChickenGame({ game, steps })).toMatchObject({ ok: true, complete: true, mismatches: [] });
    expect(replayChickenGame({ game, steps: steps.map((s, i) => (i === 2 ? { ...s, ticket: s.ticket + 1 } : s)) }).mismatches[0]).toMatch(/step 3: ticket/);
    expect(replayChickenGame({ game: { ...game, payout: game.payout + 1 }, steps }).mismatches).toEqual([`payout ${game.payout + 1} recorded, ${game.payout} computed`]);
    expect(replayChickenGame({ game, steps: [...steps.slice(0, 3), { ...steps[3]!, server_seed: 'another seed' }] }).mismatches[0]).toMatch(/does not hash/);
    expect(replayChickenGame({ game, steps: steps.map((s) => ({ ...s, server_seed: null })) })).toMatchObject({ ok: true, complete: false });
  });

  test('a dice roll recomputes: ticket, roll, win and payout', () => {
    const ticket = fairTicket(serverSeed, 'client seed', 0, DICE_TICKET_MAX);
    const roll = {
      hash: 'SF1', token: 'x'.repeat(32), user_hash: 'SF2', bet: 100, side: 'under' as const, target: 5_000, chance: 5_000, multiplier: diceMultiplier(5_000),
      ticket, roll: ticket - 1, win: ticket - 1 < 5_000, payout: ticket - 1 < 5_000 ? payoutOf(100, diceMultiplier(5_000)) : 0,
      nonce: 0, client_seed: 'client seed', server_seed_hashed: hashed, server_seed: serverSeed, auto_hash: null, created_at: 0,
    };
    expect(replayDiceRoll(roll)).toMatchObject({ ok: true, complete: true });
    expect(replayDiceRoll({ ...roll, win: !roll.win }).ok).toBe(false);
    expect(replayDiceRoll({ ...roll, nonce: 1 }).mismatches[0]).toMatch(/ticket/);
  });
});
