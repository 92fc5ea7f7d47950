import { method } from '../define.ts';
import { PublicUser } from '../entities.ts';
import { built, cents, hashId, int, stamp, z } from '../wire.ts';

/** Roll under or over the target (src/core/dice-rules.ts). */
export const DICE_SIDES = ['under', 'over'] as const;

/** A dice roll's public token: the key of /provably-fair/dice/{token}. */
const rollToken = () => z.string().check(z.regex(/^[A-Za-z0-9]{32}$/, 'expected a 32-character roll token'));

/** One dice roll: target, chance and roll in hundredths (49.99% = 4999), multiplier in ten-thousandths, money in cents. */
export const DiceRoll = z.lazy(() => z.object({
  hash: z.string(),
  token: z.string(),
  user_hash: z.string(),
  bet: z.number(),
  side: z.enum(DICE_SIDES),
  target: z.number(),
  chance: z.number(),
  multiplier: z.number(),
  /** The fair ticket, 1..10000; the roll is ticket - 1. */
  ticket: z.number(),
  roll: z.number(),
  win: z.boolean(),
  payout: z.number(),
  nonce: z.number(),
  client_seed: z.string(),
  server_seed_hashed: z.string(),
  /** Null until the player's pair is retired (user.seed rotate). */
  server_seed: z.nullable(z.string()),
  auto_hash: z.nullable(z.string()),
  created_at: z.number(),
}));

/** An auto-bet run: the server rolls one per dice.auto-roll call until a limit stops it. */
export const DiceAuto = z.lazy(() => z.object({
  hash: z.string(),
  bet: z.number(),
  side: z.enum(DICE_SIDES),
  target: z.number(),
  count: z.number(),
  rolls: z.number(),
  /** Winnings minus stakes so far, cents. */
  profit: z.number(),
  stop_profit: z.nullable(z.number()),
  stop_loss: z.nullable(z.number()),
  status: z.enum(['running', 'done']),
  /** Why it ended: count reached, profit or loss limit, or the player stopped it. */
  reason: z.nullable(z.enum(['count', 'profit', 'loss', 'stopped'])),
}));

/** A roll in the live feed. */
export const DiceFeedEntry = z.lazy(() => z.object({ roll: DiceRoll, user: PublicUser }));

const bet = () => cents();
const target = () => int().check(z.gte(0), z.lte(10_000));
const rollAnswer = z.lazy(() => z.object({ roll: DiceRoll, balance: z.number() }));

/** Dice (document 1 section 1; rules in docs/decisions/0017 and src/core/dice-rules.ts). */
export const diceMethods = {
  'dice.roll': () => method({
    doc: "One roll: debits bet (dice_bet) and pays bet times (100% - 1%) / chance (dice_win) in one transaction. side under wins when roll < target, over when roll >= target; target in hundredths 0..10000 with a chance of 0.01%..98%. A bad bet, side or target, or a payout above GAME_MAX_PAYOUT answers INPUT_ERROR (16), a short balance COMMIT_ERROR; each moves nothing.",
    access: 'user',
    money: true,
    input: z.object({ bet: bet(), side: z.enum(DICE_SIDES), target: target(), stamp: stamp() }),
    output: rollAnswer,
  }),
  'dice.auto-start': () => method({
    doc: 'Starts an auto-bet run of `count` (1..1000) rolls at one bet, side and target, stopping early once profit reaches stop_profit or losses reach stop_loss (cents, optional). Answers INPUT_ERROR as dice.roll does; it moves no money itself. Starting one ends the previous run.',
    access: 'user',
    input: z.object({
      bet: bet(),
      side: z.enum(DICE_SIDES),
      target: target(),
      count: int().check(z.gte(1), z.lte(1_000)),
      stop_profit: z.optional(cents()),
      stop_loss: z.optional(cents()),
    }),
    output: z.object({ auto: DiceAuto }),
  }),
  'dice.auto-roll': () => method({
    doc: "The next roll of a running auto-bet run, done on the server with its settings; the answer says whether the run goes on. A finished, unknown or someone else's run: GAME_ERROR; a short balance COMMIT_ERROR (the run stays open).",
    access: 'user',
    money: true,
    input: z.object({ hash: hashId(), stamp: stamp() }),
    output: z.extend(built(rollAnswer), { auto: DiceAuto }),
  }),
  'dice.auto-stop': () => method({
    doc: 'Ends a running auto-bet run (reason stopped); an ended one answers as it is.',
    access: 'user',
    input: z.object({ hash: hashId() }),
    output: z.object({ auto: DiceAuto }),
  }),
  'dice.game': () => method({
    doc: "One roll by hash or token with its fairness record and player (/dice/{id}, /provably-fair/dice/{token}). Unknown: GAME_ERROR 'Game not found.'.",
    access: 'public',
    input: z.object({ ref: z.union([hashId(), rollToken()]) }),
    output: z.object({ roll: DiceRoll, user: PublicUser }),
  }),
  'dice.history': () => method({
    doc: "The player's latest rolls, newest first (at most 20).",
    access: 'user',
    input: z.object({}),
    output: z.object({ rolls: z.array(DiceRoll) }),
  }),
  'dice.recent': () => method({
    doc: 'The latest rolls of everyone, newest first (at most 20): the live feed before DICE_ROLL frames arrive in the DICE room.',
    access: 'public',
    input: z.object({}),
    output: z.object({ rolls: z.array(DiceFeedEntry) }),
  }),
};
