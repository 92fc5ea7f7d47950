import { method, unshown } from '../define.ts';
import { Box, Drop, Item, PublicUser, UnboxGame, UnboxRoll } from '../entities.ts';
import { batchLabel, clientSeed, flag, hashId, int, paging, stamp, success, text, z } from '../wire.ts';

/** A personal game's full token: 32 letters or digits. */
const gameToken = () => z.string().check(z.regex(/^[A-Za-z0-9]{32}$/, 'expected a 32-character game token'));
/** A game by its (short) hash or, for personal games, its token. */
const gameRef = () => z.string().check(z.regex(/^(?:SF\d{1,10}|[A-Za-z0-9]{32})$/, 'expected an SF hash or a 32-character token'));
/** Scheme: dash-separated pairs of case hash and count, e.g. `SF12-2-SF7-1` (document 1 section 3). */
const scheme = () => z.string().check(z.maxLength(1000), z.regex(/^SF\d{1,10}-\d{1,3}(?:-SF\d{1,10}-\d{1,3})*$/, 'expected case hash and count pairs'));
/** A reaction id from a reaction bundle, shaped bundle hash, index, token (DESIGN.md section 10). */
const reactionId = () => z.string().check(z.regex(/^SF\d{1,10}_\d{1,4}_[A-Za-z0-9-]{1,64}$/, 'expected hash_index_token'));
/** Answer of the calls that create a game: the client navigates to `path`. */
const created = () => z.object({ success: z.boolean(), path: z.string(), game: z.unknown(), users: z.unknown() });

/** Lobby, game pages, unboxing, battles and rob mode (document 1 section 7). */
export const arenaMethods = {
  'arena.lobby': method({
    doc: 'The arena lobby: online count, config, public and personal games with their users and boxes, server time.',
    access: 'public',
    input: z.object({ batch: batchLabel() }),
    output: z.object({
      online: z.number(),
      config: z.unknown(),
      public: z.array(z.unknown()),
      personal: z.array(z.unknown()),
      users: z.unknown(),
      boxes: z.unknown(),
      time: z.number(),
    }),
  }),
  'arena.statistics': method({
    doc: 'Arena statistics (the ARENA_STATISTICS figures); takes nothing, answer not shown.',
    access: 'public',
    input: z.object({}),
    output: z.unknown(),
  }),
  'arena.history': method({
    doc: "Pages of finished games (list 'history'); offset is the last game's hash.",
    access: 'public',
    input: z.object({ list: z.optional(z.literal('history')), ...paging }),
    output: z.object({ history: z.unknown(), users: z.unknown(), boxes: z.unknown() }),
  }),
  'arena.game': method({
    doc: 'One game by short hash or personal token, with users, drops (each with its fairness record), the items dropped, the case versions whose ranges were used, its lobby entry and rob-mode state; no id answers INPUT_ERROR, an unknown one GAME_ERROR.',
    access: 'public',
    input: z.object({ hash: gameRef() }),
    output: z.object({
      game: UnboxGame,
      users: z.array(PublicUser),
      drops: z.array(Drop),
      items: z.array(Item),
      /** The case at each version the drops used: its slots are the range tables. */
      boxes: z.array(Box),
      /** Null for personal unbox games. */
      lobby: z.unknown(),
      /** rob is null outside rob-mode battles. */
      modes: z.object({ rob: z.unknown() }),
    }),
  }),

  'arena-unbox.create': method({
    doc: "Buys `count` rolls (one of core's CASE_COUNTS) of one case as a personal unbox game with one debit (DESIGN.md section 10). A new `seed` retires the seed pair as user.seed does. A wrong count answers INPUT_ERROR, an unknown case INVALID_DATA (19) 'Box {hash} not found.', a deprecated one INVALID_DATA (19) 'Box {hash} deprecated.', a short balance COMMIT_ERROR 'Not enough funds'; each moves nothing.",
    access: 'user',
    money: true,
    input: z.object({ box_hash: hashId(), count: int().check(z.gte(1), z.lte(100)), seed: z.optional(clientSeed()), stamp: stamp() }),
    output: z.object({ success: z.boolean(), path: z.string(), game: UnboxGame, users: z.array(PublicUser) }),
  }),
  'arena-unbox.roll': method({
    doc: "Spends one roll of the player's unbox game: ticket from the seed pair, item by range, into the inventory; a finished, unknown or someone else's game answers GAME_ERROR.",
    access: 'user',
    input: z.object({ token: gameToken(), fast: z.optional(flag()) }),
    output: UnboxRoll,
  }),

  'arena-battle.create': method({
    doc: 'Creates a battle from a scheme and pays the creator seat; a deprecated box or low balance is refused.',
    access: 'user',
    money: true,
    input: z.object({
      scheme: scheme(),
      mode: z.enum(['solo', 'team']),
      number: z.optional(int().check(z.gte(2), z.lte(5))),
      kings: z.optional(int().check(z.gte(0))),
      seed: z.optional(clientSeed()),
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
    output: created(),
  }),
  'arena-battle.join': method({
    doc: 'Takes and pays a seat in a waiting battle; join options are not shown in the spec.',
    access: 'user',
    money: true,
    input: z.object({ token: gameToken(), options: z.optional(z.looseObject({})), seed: z.optional(clientSeed()), stamp: stamp() }),
    output: z.object({ success: z.boolean(), path: z.string() }),
  }),
  'arena-battle.leave': method({
    doc: 'Leaves a waiting battle and refunds the seat; answer not shown.',
    access: 'user',
    money: true,
    input: z.object({ token: gameToken(), stamp: stamp() }),
    output: z.unknown(),
  }),
  'arena-battle.kick': method({
    doc: "The creator of a waiting personal battle removes a player, whose seat is refunded; answer not shown.",
    access: 'user',
    money: true,
    input: z.object({ game_token: gameToken(), user_hash: hashId(), stamp: stamp() }),
    output: z.unknown(),
  }),
  'arena-battle.run': method({
    doc: 'Starts a battle; answer not shown.',
    access: 'user',
    input: z.object({ token: gameToken() }),
    output: z.unknown(),
  }),
  'arena-battle.callBots': method({
    doc: 'Fills the free seats of a waiting battle with bots; answer not shown.',
    access: 'user',
    input: z.object({ hash: gameRef() }),
    output: z.unknown(),
  }),
  'arena-battle.message': method({
    doc: 'Posts a message in a battle; answer not shown.',
    access: 'user',
    input: z.object({ token: gameToken(), text: text(1, 200) }),
    output: z.unknown(),
  }),
  'arena-battle.reaction': method({
    doc: 'Shows a reaction from a reaction bundle in a battle.',
    access: 'user',
    input: z.object({ token: gameToken(), reaction: reactionId() }),
    output: success(),
  }),
  'arena-battle.sponsor': method({
    doc: 'Pays for `seats` seats of a battle that others then take for free; answer not shown.',
    access: 'user',
    money: true,
    input: z.object({ token: gameToken(), seats: int().check(z.gte(1), z.lte(5)), stamp: stamp() }),
    output: z.unknown(),
  }),
  'arena-battle.lobbyJoin': unshown({ doc: 'Joins a sponsored battle lobby.', access: 'user' }),

  'arena-mode-rob.commit': unshown({ doc: 'Commits a hashed split-or-rob decision in a rob-mode battle (payload passed through).', access: 'user' }),
  'arena-mode-rob.reveal': unshown({ doc: 'Reveals a committed rob-mode decision with its salt (payload passed through).', access: 'user' }),
};
