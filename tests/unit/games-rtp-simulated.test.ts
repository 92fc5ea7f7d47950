// Issue 16: the return to player measured over 1,000,000 simulated rounds per chicken risk level
// and per dice chance, with the real ticket function on fixed seeds, within 0.3 points of the
// published figure. (games-rules.test.ts proves the same figures exactly over every ticket;
// this is the measurement the issue asks for, played the way a player plays.)
import { describe, expect, test } from 'vitest';
import { CHICKEN_LEVELS, CHICKEN_RISKS, CHICKEN_RTP_BP, chickenCaught, chickenMultiplier, payoutOf } from '../../src/core/chicken-rules.ts';
import { DICE_EDGE_BP, DICE_TICKET_MAX, diceMultiplier, diceRollOf, diceTarget, diceWins } from '../../src/core/dice-rules.ts';
import { keyedTicketer } from '../../src/core/fair-ticket.ts';

const ROUNDS = 1_000_000;
const TOLERANCE = 0.003;
const STAKE = 10_000;
const SERVER_SEED = 'c0ffee'.repeat(10) + 'beef';

describe('return to player over 1,000,000 simulated rounds', () => {
  test.each(CHICKEN_RISKS)('chicken, %s risk: cashing out after 1, 2 or 3 steps returns the published 97%', (risk) => {
    const ticket = keyedTicketer(SERVER_SEED);
    const { maxDamage } = CHICKEN_LEVELS[risk];
    let nonce = 0;
    let paid = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const target = 1 + (round % 3);
      let survived = 0;
      while (survived < target && !chickenCaught(risk, ticket(`player-${risk}`, nonce++, maxDamage))) survived += 1;
      if (survived === target) paid += payoutOf(STAKE, chickenMultiplier(risk, survived));
    }
    const rtp = paid / (ROUNDS * STAKE);
    expect(Math.abs(rtp - CHICKEN_RTP_BP / 10_000), `measured ${(rtp * 100).toFixed(3)}%`).toBeLessThanOrEqual(TOLERANCE);
  }, 300_000);

  // Below about 50% the spread of 1,000,000 rolls passes 0.3 points (one standard deviation is
  // 0.99 * sqrt((1 - c) / c) / 1000): those chances are proven exactly in games-rules.test.ts.
  test.each([5_000, 7_500, 9_800])('dice, chance %i hundredths of a percent, over and under: the published 99%', (chance) => {
    const ticket = keyedTicketer(SERVER_SEED);
    const multiplier = diceMultiplier(chance);
    let paid = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const side = round % 2 === 0 ? 'under' : 'over';
      const roll = diceRollOf(ticket(`player-dice-${chance}`, round, DICE_TICKET_MAX));
      if (diceWins(side, diceTarget(side, chance), roll)) paid += payoutOf(STAKE, multiplier);
    }
    const rtp = paid / (ROUNDS * STAKE);
    expect(Math.abs(rtp - (10_000 - DICE_EDGE_BP) / 10_000), `measured ${(rtp * 100).toFixed(3)}%`).toBeLessThanOrEqual(TOLERANCE);
  }, 300_000);
});
