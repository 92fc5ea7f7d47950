import { method } from '../define.ts';
import { PublicUser } from '../entities.ts';
import { cents, hashId, stamp, z } from '../wire.ts';

/** Risk levels in the order the page offers them (document 2 section 9); src/core/chicken-rules.ts gives each its rules. */
export const CHICKEN_RISKS = ['low', 'medium', 'high'] as const;

/** One step of a chicken game with its fairness record; server_seed stays null until the pair is retired (user.seed rotate). */
export const ChickenStep = z.lazy(() => z.object({
  step: z.number(),
  nonce: z.number(),
  /** The damage the car dealt, 1..max_damage. */
  ticket: z.number(),
  caught: z.boolean(),
  client_seed: z.string(),
  server_seed_hashed: z.string(),
  server_seed: z.nullable(z.string()),
  time: z.number(),
}));

/** A chicken game: multipliers in ten-thousandths, money in cents. */
export const ChickenGame = z.lazy(() => z.object({
  hash: z.string(),
  user_hash: z.string(),
  risk: z.enum(CHICKEN_RISKS),
  max_damage: z.number(),
  bet: z.number(),
  /** running until cashed out (by the player, or by surviving the last lane) or caught. */
  status: z.enum(['running', 'cashed', 'caught']),
  /** Steps survived. */
  steps: z.number(),
  /** Multiplier of the steps survived (what a cash-out pays now), 10000 = 1x; 0 once caught. */
  multiplier: z.number(),
  payout: z.number(),
  created_at: z.number(),
  finished_at: z.nullable(z.number()),
}));

/** A finished game in the live feed. */
export const ChickenFeedEntry = z.lazy(() => z.object({ game: ChickenGame, user: PublicUser }));

const gameAnswer = z.lazy(() => z.object({ game: ChickenGame }));

/** Catch the Chicken (document 1 section 1; rules in docs/decisions/0017 and src/core/chicken-rules.ts). */
export const chickenMethods = {
  'chicken.create': () => method({
    doc: "Starts a game: debits `bet` (chicken_paid) in the transaction that records it. bet in cents from 1 to GAME_MAX_BET, and bet times the level's last multiplier at most GAME_MAX_PAYOUT; risk one of low, medium, high. A bad bet or risk answers INPUT_ERROR (16), an open game GAME_ERROR 'Finish your current game first.', a short balance COMMIT_ERROR 'Not enough funds'; each moves nothing.",
    access: 'user',
    money: true,
    input: z.object({ bet: cents(), risk: z.enum(CHICKEN_RISKS), stamp: stamp() }),
    output: gameAnswer,
  }),
  'chicken.step': () => method({
    doc: "One step forward: takes the next nonce of the player's seed pair, ticket in 1..max_damage. Caught ends the game (the bet is lost); surviving the last lane cashes out by itself (chicken_withdraw). Someone else's or unknown game: GAME_ERROR 'Game not found.'; a finished one GAME_ERROR 'Game is finished.'.",
    access: 'user',
    money: true,
    input: z.object({ hash: hashId(), stamp: stamp() }),
    output: z.object({ game: ChickenGame, step: ChickenStep }),
  }),
  'chicken.cashout': () => method({
    doc: "Pays bet times the multiplier of the steps survived (chicken_withdraw) and finishes the game, once: a second cash-out answers GAME_ERROR 'Game is finished.', before the first step GAME_ERROR 'Take a step first.'.",
    access: 'user',
    money: true,
    input: z.object({ hash: hashId(), stamp: stamp() }),
    output: gameAnswer,
  }),
  'chicken.active': () => method({
    doc: "The player's open game with its steps, or null: a reload or a server restart resumes it.",
    access: 'user',
    input: z.object({}),
    output: z.object({ game: z.nullable(ChickenGame), steps: z.array(ChickenStep) }),
  }),
  'chicken.game': () => method({
    doc: "One game by hash with every step's fairness record and its player (the /chicken/{id} and /provably-fair/chicken/{hash} pages). Unknown: GAME_ERROR 'Game not found.'.",
    access: 'public',
    input: z.object({ hash: hashId() }),
    output: z.object({ game: ChickenGame, steps: z.array(ChickenStep), user: PublicUser }),
  }),
  'chicken.history': () => method({
    doc: "The player's latest rounds, newest first: at most 6 (document 2 section 9).",
    access: 'user',
    input: z.object({}),
    output: z.object({ games: z.array(ChickenGame) }),
  }),
  'chicken.recent': () => method({
    doc: 'The latest finished games of everyone, newest first (at most 20): the live feed before CHICKEN_GAME frames arrive in the CHICKEN room.',
    access: 'public',
    input: z.object({}),
    output: z.object({ games: z.array(ChickenFeedEntry) }),
  }),
};
