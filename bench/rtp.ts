/**
 * The return to player played the way a player plays (issue 16): 1,000,000 simulated rounds per
 * chicken risk level (cashing out after 1, 2 or 3 steps) and per dice chance (over and under in
 * turn), with the real ticket function on a fixed seed, beside the published figure.
 * tests/unit/games-rules.test.ts proves the same figures exactly over every ticket; this is the
 * measurement, a figure within 0.3 points of the published one. Below about 50% chance the
 * spread of 1,000,000 dice rolls passes 0.3 points (one standard deviation is
 * 0.99 * sqrt((1 - c) / c) / 1000), so those chances are left to the exact proof.
 */
import { CHICKEN_LEVELS, CHICKEN_RISKS, CHICKEN_RTP_BP, chickenCaught, chickenMultiplier, payoutOf } from '../src/core/chicken-rules.ts';
import { DICE_EDGE_BP, DICE_TICKET_MAX, diceMultiplier, diceRollOf, diceTarget, diceWins } from '../src/core/dice-rules.ts';
import { keyedTicketer } from '../src/core/fair-ticket.ts';
import { judge, type Row, type Section } from './lib/report.ts';

const TOLERANCE = 0.003;
const STAKE = 10_000;
const SERVER_SEED = 'c0ffee'.repeat(10) + 'beef';

function chickenRtp(risk: (typeof CHICKEN_RISKS)[number], rounds: number): number {
  const ticket = keyedTicketer(SERVER_SEED);
  const { maxDamage } = CHICKEN_LEVELS[risk];
  let nonce = 0;
  let paid = 0;
  for (let round = 0; round < rounds; round++) {
    const target = 1 + (round % 3);
    let survived = 0;
    while (survived < target && !chickenCaught(risk, ticket(`player-${risk}`, nonce++, maxDamage))) survived += 1;
    if (survived === target) paid += payoutOf(STAKE, chickenMultiplier(risk, survived));
  }
  return paid / (rounds * STAKE);
}

function diceRtp(chance: number, rounds: number): number {
  const ticket = keyedTicketer(SERVER_SEED);
  const multiplier = diceMultiplier(chance);
  let paid = 0;
  for (let round = 0; round < rounds; round++) {
    const side = round % 2 === 0 ? 'under' : 'over';
    if (diceWins(side, diceTarget(side, chance), diceRollOf(ticket(`player-dice-${chance}`, round, DICE_TICKET_MAX)))) paid += payoutOf(STAKE, multiplier);
  }
  return paid / (rounds * STAKE);
}

/** Measures every row; a figure outside the tolerance is a FAIL in the table. */
export function rtpBench({ rounds }: { rounds: number }): Section {
  const row = (benchmark: string, measured: number, published: number): Row => ({
    benchmark, figure: (measured * 100).toFixed(3), value: measured * 100, unit: '%',
    target: `${(published * 100).toFixed(1)} ± ${(TOLERANCE * 100).toFixed(1)}`, verdict: judge(Math.abs(measured - published) <= TOLERANCE),
  });
  const rows = [
    ...CHICKEN_RISKS.map((risk) => row(`chicken RTP, ${risk} risk, ${rounds.toLocaleString('en-US')} rounds`, chickenRtp(risk, rounds), CHICKEN_RTP_BP / 10_000)),
    ...[5_000, 7_500, 9_800].map((chance) => row(`dice RTP, chance ${chance / 100}%, ${rounds.toLocaleString('en-US')} rolls`, diceRtp(chance, rounds), (10_000 - DICE_EDGE_BP) / 10_000)),
  ];
  // A count of outcomes, not a timing: other processes on the machine cannot disturb it.
  return { rows, notes: ['RTP: simulated rounds with the real ticket function on one fixed seed; tests/unit/games-rules.test.ts proves the same figures exactly over every ticket'], details: {}, fatal: false, noiseChecked: true };
}
