import { method } from '../define.ts';
import { ArenaConfig, BattleGame, BattleGameDetail, BattleMessage, Box, PublicUser, RobState, UnboxGame, UnboxGameDetail, UnboxRoll } from '../entities.ts';
import { ArenaStatistics } from './arena-figures.ts';
import { batchLabel, built, clientSeed, flag, hashId, int, paging, stamp, success, text, z } from '../wire.ts';

/** A personal game's full token: 32 letters or digits. */
const gameToken = () => z.string().check(z.regex(/^[A-Za-z0-9]{32}$/, 'expected a 32-character game token'));
/** A game by its (short) hash or, for personal games, its token. */
const gameRef = () => z.string().check(z.regex(/^(?:SF\d{1,10}|[A-Za-z0-9]{32})$/, 'expected an SF hash or a 32-character token'));
/** Scheme: dash-separated pairs of case hash and count, e.g. `SF12-2-SF7-1` (document 1 section 3). */
const scheme = () => z.string().check(z.maxLength(1000), z.regex(/^SF\d{1,10}-\d{1,3}(?:-SF\d{1,10}-\d{1,3})*$/, 'expected case hash and count pairs'));
/** A reaction id from a reaction bundle, shaped bundle hash, index, token (docs/design.md section 7). */
const reactionId = () => z.string().check(z.regex(/^SF\d{1,10}_\d{1,4}_[A-Za-z0-9-]{1,64}$/, 'expected hash_index_token'));
/** A seat count within the arena's 2 to 5 (docs/design.md section 7). */
const seatCount = () => int().check(z.gte(2), z.lte(5));
/** Answer of the battle calls that change a battle: its new state. */
const battleAnswer = () => z.object({ success: z.boolean(), game: BattleGame });

/** Lobby, game pages, unboxing, battles and rob mode (document 1 section 7). */
export const arenaMethods = {
  'arena.lobby': () => method({
    doc: "The arena lobby: sockets online (and, apart, the sim's simulated players on line), the arena's rules, public battles that have not ended (newest first), the caller's own running games (battles they sit in, personal ones included, and unbox games with rolls left), the users and cases they name, and the server time in milliseconds.",
    access: 'public',
    input: z.object({ batch: batchLabel() }),
    output: z.object({
      online: z.number(),
      simulated: z.number(),
      config: ArenaConfig,
      public: z.array(BattleGame),
      personal: z.array(z.union([BattleGame, UnboxGame])),
      users: z.array(PublicUser),
      boxes: z.array(Box),
      time: z.number(),
    }),
  }),
  'arena.statistics': () => method({
    doc: "Arena figures: sockets online and, apart, the sim's simulated players on line; battles by stage; the value of every finished pot and the biggest public one (cents); today's games and biggest drop. ARENA_STATISTICS pushes the same to LOBBY.",
    access: 'public',
    input: z.object({}),
    output: ArenaStatistics,
  }),
  'arena.history': () => method({
    doc: "Ended battles, newest first (list 'history'): a signed-in player's own (finished, or closed before the start), a visitor's the public finished ones; offset is the last battle's hash. resume: loaded (no page after this one), total_count, multi_count (battles of more than two seats) and top_reward (the largest single seat's reward in cents) over the whole list.",
    access: 'public',
    input: z.object({ list: z.optional(z.literal('history')), ...paging() }),
    output: z.object({
      history: z.array(BattleGame),
      users: z.array(PublicUser),
      boxes: z.array(Box),
      resume: z.object({ loaded: z.boolean(), total_count: z.number(), multi_count: z.number(), top_reward: z.number() }),
    }),
  }),
  'arena.game': () => method({
    doc: "One game by short hash or 32-character token: a personal unbox game (by token only) or a battle (public ones by hash or token, personal ones by token, or by hash for their own players), with its users, drops and their fairness records, the items and case versions, its lobby entry, rob-mode state and messages. Tell the two apart with game.type (isBattleDetail). No id answers INPUT_ERROR, an unknown one GAME_ERROR 'Game not found.'.",
    access: 'public',
    input: z.object({ hash: gameRef() }),
    // `online`: sockets watching the game's room right now (document 1 section 3, 'online count per game').
    output: z.union([z.extend(built(UnboxGameDetail), { online: z.number() }), z.extend(built(BattleGameDetail), { online: z.number() })]),
  }),

  'arena-unbox.create': () => method({
    doc: "Buys `count` rolls (one of core's CASE_COUNTS) of one case as a personal unbox game with one debit (docs/design.md section 7). A new `seed` retires the seed pair as user.seed does. With `table` the game is opened at that case table (its case only, else INVALID_DATA) and its drops are shown there live. A wrong count answers INPUT_ERROR, an unknown case INVALID_DATA (19) 'Box {hash} not found.', a deprecated one INVALID_DATA (19) 'Box {hash} deprecated.', a short balance COMMIT_ERROR 'Not enough funds'; each moves nothing.",
    access: 'user',
    money: true,
    input: z.object({ box_hash: hashId(), count: int().check(z.gte(1), z.lte(100)), seed: z.optional(clientSeed()), stamp: stamp(), table: z.optional(hashId()) }),
    output: z.object({ success: z.boolean(), path: z.string(), game: UnboxGame, users: z.array(PublicUser) }),
  }),
  'arena-unbox.roll': () => method({
    doc: "Spends one roll of the player's unbox game: ticket from the seed pair, item by range, into the inventory; a finished, unknown or someone else's game answers GAME_ERROR.",
    access: 'user',
    input: z.object({ token: gameToken(), fast: z.optional(flag()) }),
    output: UnboxRoll,
  }),

  'arena-battle.create': () => method({
    doc: "Creates a battle and takes seat 1 for the creator, debiting the seat price (one of each round's case; type arena_join) in the same transaction. `number` defaults to 2 seats (4 for team), `seed` is the creator's client seed (default: their current one), `personal` makes it reachable by token only. A bad scheme, over 100 rounds or a setup the rules refuse (team needs 4 seats; rob is solo and not with share; kings above the rounds) answers INPUT_ERROR (16); an unknown case INVALID_DATA (19) 'Box {hash} not found.', a deprecated one INVALID_DATA (19) 'Box {hash} deprecated.'; a short balance COMMIT_ERROR; each moves nothing.",
    access: 'user',
    money: true,
    input: z.object({
      scheme: scheme(),
      mode: z.enum(['solo', 'team']),
      number: z.optional(seatCount()),
      kings: z.optional(int().check(z.gte(0), z.lte(100))),
      seed: z.optional(clientSeed()),
      personal: z.optional(flag()),
      options: z.optional(
        z.object({
          crazy: z.optional(flag()),
          terminal: z.optional(flag()),
          tiebreak: z.optional(flag()),
          rob: z.optional(flag()),
          share: z.optional(flag()),
          fast: z.optional(flag()),
        }),
      ),
      stamp: stamp(),
    }),
    output: z.object({ success: z.boolean(), path: z.string(), game: BattleGame, users: z.array(PublicUser) }),
  }),
  'arena-battle.join': () => method({
    doc: "Takes a seat in a waiting battle (options.seat, else the first free) and debits its price (arena_join) in the same transaction; a seat a sponsor paid costs nothing. The last seat starts the countdown. Unknown token: GAME_ERROR; a full, running or finished battle, joining twice, a seat beyond the count or taken: INVALID_DATA (19) with the reason; a short balance COMMIT_ERROR; each moves nothing.",
    access: 'user',
    money: true,
    input: z.object({
      token: gameToken(),
      options: z.optional(z.object({ seat: z.optional(int().check(z.gte(1), z.lte(5))) })),
      seed: z.optional(clientSeed()),
      stamp: stamp(),
    }),
    output: z.object({ success: z.boolean(), path: z.string(), game: BattleGame }),
  }),
  'arena-battle.leave': () => method({
    doc: "Leaves a waiting battle: the seat's price goes back to whoever paid it (arena_refund; a sponsored seat returns to the sponsor's credit). The creator leaving closes the battle and refunds everyone. A started battle or a player not seated: INVALID_DATA (19).",
    access: 'user',
    money: true,
    input: z.object({ token: gameToken(), stamp: stamp() }),
    output: battleAnswer(),
  }),
  'arena-battle.kick': () => method({
    doc: "The creator of a waiting personal battle removes another player, whose seat is refunded (arena_refund). Anyone else: ACCESS_DENIED (15); a public battle, the creator themself or a player not seated: INVALID_DATA (19).",
    access: 'user',
    money: true,
    input: z.object({ game_token: gameToken(), user_hash: hashId(), stamp: stamp() }),
    output: battleAnswer(),
  }),
  'arena-battle.run': () => method({
    doc: "The creator starts a waiting battle now: its free seats are filled with bots, as callBots does. A battle that is already under way answers its state. Anyone else: ACCESS_DENIED (15).",
    access: 'user',
    input: z.object({ token: gameToken() }),
    output: battleAnswer(),
  }),
  'arena-battle.callBots': () => method({
    doc: "The creator fills every free seat of a waiting battle with bots (they pay nothing and their winnings stay with the house); the countdown starts. Anyone else: ACCESS_DENIED (15); a battle not waiting: INVALID_DATA (19).",
    access: 'user',
    input: z.object({ hash: gameRef() }),
    output: battleAnswer(),
  }),
  'arena-battle.message': () => method({
    doc: "Posts a message on a battle's page (ARENA_GAME_MESSAGE to its room). More than 2 in 5 seconds: INVALID_DATA (19) 'Not so fast! Slow down with your messages.'.",
    access: 'user',
    input: z.object({ token: gameToken(), text: text(1, 200) }),
    output: z.object({ success: z.boolean(), message: BattleMessage }),
  }),
  'arena-battle.reaction': () => method({
    doc: "Shows a reaction from a reaction bundle on a battle's page (ARENA_GAME_REACTION to its room). More than 3 in 3 seconds: INVALID_DATA (19) \"Easy there! Don't flood with reactions.\".",
    access: 'user',
    input: z.object({ token: gameToken(), reaction: reactionId() }),
    output: success(),
  }),
  'arena-battle.sponsor': () => method({
    doc: "Pays `seats` free seats of a waiting battle (type arena_sponsor) that the next joiners take for free; credits nobody used are refunded (arena_refund) when the battle fills or closes. More seats than are free: INVALID_DATA (19); a short balance COMMIT_ERROR.",
    access: 'user',
    money: true,
    input: z.object({ token: gameToken(), seats: int().check(z.gte(1), z.lte(5)), stamp: stamp() }),
    output: battleAnswer(),
  }),
  'arena-battle.lobbyJoin': () => method({
    doc: "Takes a seat a sponsor paid for, costing the joiner nothing: in the battle of `token`, or else in the oldest public waiting battle with such a seat free. None free: INVALID_DATA (19) 'No sponsored seat is free.'.",
    access: 'user',
    input: z.object({ token: z.optional(gameToken()), seed: z.optional(clientSeed()) }),
    output: z.object({ success: z.boolean(), path: z.string(), game: BattleGame }),
  }),

  'arena-mode-rob.commit': () => method({
    doc: "One of the two leading players commits decision_hashed = SHA-256(decision + '-' + salt) while the rob phase takes commits; reveals open once both are in. Outside the phase, not in the pair, twice or too late: INVALID_DATA (19).",
    access: 'user',
    input: z.object({ token: gameToken(), decision_hashed: z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits')) }),
    output: z.object({ success: z.boolean(), rob: RobState }),
  }),
  'arena-mode-rob.reveal': () => method({
    doc: "Reveals a committed decision (split or rob) with its salt. One that does not match the commitment is refused with INVALID_DATA (19) and changes nothing; a seat that never committed counts as split.",
    access: 'user',
    input: z.object({ token: gameToken(), decision: z.enum(['split', 'rob']), decision_salt: z.string().check(z.minLength(1), z.maxLength(256)) }),
    output: z.object({ success: z.boolean(), rob: RobState }),
  }),
};
