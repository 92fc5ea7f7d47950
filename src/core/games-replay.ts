// The verifier of Chicken and Dice (docs/design.md section 6): replays a game from the public record
// chicken.game / dice.game answer, with the same rules the sim-server used, and says where
// anything differs. The fairness worker exposes these; the fairness pages show the reports.
import type { ChickenGame, ChickenStep, DiceRoll } from '../contract/index.ts';
import type { z } from '../contract/wire.ts';
import { CHICKEN_LEVELS, chickenCaught, chickenMultiplier, payoutOf } from './chicken-rules.ts';
import { DICE_TICKET_MAX, diceChance, diceMultiplier, diceRollOf, diceTargetProblem, diceWins } from './dice-rules.ts';
import { fairTicket, sha256Hex } from './fair-ticket.ts';

/** chicken.game's answer (the user is not needed). */
export type ChickenReplayRecord = { readonly game: z.output<typeof ChickenGame>; readonly steps: readonly z.output<typeof ChickenStep>[] };

/** dice.game's roll. */
export type DiceReplayRecord = z.output<typeof DiceRoll>;

/** One step or roll as recomputed: null where the server seed is still secret. */
export type ReplayedTicket = { readonly label: string; readonly nonce: number; readonly recorded: number; readonly computed: number | null; readonly outcome: string };

/** What a replay found. `complete` once every ticket could be recomputed (seeds revealed, game over). */
export type GameReplayReport = { readonly ok: boolean; readonly complete: boolean; readonly mismatches: string[]; readonly tickets: ReplayedTicket[] };

function checkSeed(serverSeed: string | null, hashed: string, where: string, mismatches: string[]): boolean {
  if (serverSeed === null) return false;
  if (sha256Hex(serverSeed) !== hashed) {
    mismatches.push(`${where}: the revealed server seed does not hash to ${hashed}`);
    return false;
  }
  return true;
}

/** Replays a chicken game: every step's ticket, whether it caught the chicken, the status and the payout. */
export function replayChickenGame(record: ChickenReplayRecord): GameReplayReport {
  const { game, steps } = record;
  const level = CHICKEN_LEVELS[game.risk];
  const mismatches: string[] = [];
  const tickets: ReplayedTicket[] = [];
  let revealed = true;
  let survived = 0;
  let caughtAt: number | null = null;
  if (game.max_damage !== level.maxDamage) mismatches.push(`max damage ${game.max_damage} recorded, ${level.maxDamage} for ${game.risk} risk`);
  for (const [i, step] of steps.entries()) {
    const where = `step ${i + 1}`;
    if (step.step !== i + 1) mismatches.push(`${where} is recorded as step ${step.step}`);
    if (caughtAt !== null) mismatches.push(`${where} comes after the chicken was caught`);
    let computed: number | null = null;
    if (checkSeed(step.server_seed, step.server_seed_hashed, where, mismatches)) {
      computed = fairTicket(step.server_seed!, step.client_seed, step.nonce, level.maxDamage);
      if (computed !== step.ticket) mismatches.push(`${where}: ticket ${step.ticket} recorded, ${computed} computed`);
    } else {
      revealed = false;
    }
    const ticket = computed ?? step.ticket;
    const caught = ticket >= 1 && ticket <= level.maxDamage && chickenCaught(game.risk, ticket);
    if (caught !== step.caught) mismatches.push(`${where}: damage ${ticket} ${caught ? 'catches' : 'spares'} the chicken, the record says otherwise`);
    if (caught) caughtAt = step.step;
    else survived += 1;
    tickets.push({ label: `Step ${step.step}`, nonce: step.nonce, recorded: step.ticket, computed, outcome: caught ? `caught (damage > ${level.toughness})` : 'safe' });
  }
  const status = caughtAt !== null ? 'caught' : game.status;
  if (game.status !== status) mismatches.push(`the game is ${game.status}, the steps say ${status}`);
  if (game.steps !== survived) mismatches.push(`${game.steps} steps survived recorded, ${survived} replayed`);
  if (game.status === 'cashed') {
    const payout = payoutOf(game.bet, chickenMultiplier(game.risk, Math.min(survived, level.steps)));
    if (game.payout !== payout) mismatches.push(`payout ${game.payout} recorded, ${payout} computed`);
  }
  if (game.status === 'caught' && game.payout !== 0) mismatches.push('a caught chicken paid out');
  return { ok: mismatches.length === 0, complete: revealed && game.status !== 'running', mismatches, tickets };
}

/** Replays a dice roll: ticket, roll, win, multiplier and payout. */
export function replayDiceRoll(roll: DiceReplayRecord): GameReplayReport {
  const mismatches: string[] = [];
  let computed: number | null = null;
  if (checkSeed(roll.server_seed, roll.server_seed_hashed, 'the roll', mismatches)) {
    computed = fairTicket(roll.server_seed!, roll.client_seed, roll.nonce, DICE_TICKET_MAX);
    if (computed !== roll.ticket) mismatches.push(`ticket ${roll.ticket} recorded, ${computed} computed`);
  }
  const problem = diceTargetProblem(roll.side, roll.target);
  if (problem) mismatches.push(problem);
  const ticket = computed ?? roll.ticket;
  const value = ticket >= 1 && ticket <= DICE_TICKET_MAX ? diceRollOf(ticket) : -1;
  if (value !== roll.roll) mismatches.push(`roll ${roll.roll} recorded, ${value} computed`);
  if (!problem) {
    const chance = diceChance(roll.side, roll.target);
    const multiplier = diceMultiplier(chance);
    const win = diceWins(roll.side, roll.target, value);
    if (chance !== roll.chance) mismatches.push(`chance ${roll.chance} recorded, ${chance} computed`);
    if (multiplier !== roll.multiplier) mismatches.push(`multiplier ${roll.multiplier} recorded, ${multiplier} computed`);
    if (win !== roll.win) mismatches.push(`the roll ${win ? 'wins' : 'loses'}, the record says otherwise`);
    const payout = win ? payoutOf(roll.bet, multiplier) : 0;
    if (payout !== roll.payout) mismatches.push(`payout ${roll.payout} recorded, ${payout} computed`);
  }
  const outcome = `${(value / 100).toFixed(2)} ${roll.side} ${(roll.target / 100).toFixed(2)}: ${roll.win ? 'win' : 'loss'}`;
  return { ok: mismatches.length === 0, complete: computed !== null, mismatches, tickets: [{ label: 'Roll', nonce: roll.nonce, recorded: roll.ticket, computed, outcome }] };
}
