/**
 * Entity shapes that several methods and socket messages share (spec document 1 section 3,
 * document 2 section 3). Only fields the sim-server really fills are required. Each is a
 * `z.lazy`, built the first time something parses with it, so a page builds only the entities
 * it meets; `built(Entity)` is the object `z.extend` and `.shape` need (docs/decisions/0053).
 */
import { built, z } from './wire.ts';

/** User tags of the spec. */
export const UserTag = z.enum(['kick', 'partner', 'bot', 'club_member', 'sponsored', 'ban_chat', 'admin', 'marketing']);

/** A player as others see them. */
export const PublicUser = z.lazy(() => z.object({
  hash: z.string(),
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  scope: z.number(),
  tags: z.array(z.string()),
  level: z.number(),
  info: z.object({ avatar: z.nullable(z.string()), pattern: z.nullable(z.string()), badge: z.nullable(z.string()) }),
}));

/** Season rank standing (document 1 section 3 season_experience): rank numbers 1..20, season exp and the bounds of the rank. */
export const SeasonExperience = z.lazy(() => z.object({
  rank: z.number(),
  rank_next: z.nullable(z.number()),
  exp: z.number(),
  rank_exp: z.number(),
  rank_exp_next: z.number(),
}));

/**
 * A player's profile as others see it (/@{name}, the hover widget): the public player and
 * their figures. A private profile keeps total_wager, games and best_drop to its owner (null).
 */
export const ProfileUser = z.lazy(() => z.extend(built(PublicUser), {
  status: z.string(),
  private: z.boolean(),
  followers_count: z.number(),
  /** Whether the caller follows this player (false for visitors and oneself). */
  is_following: z.boolean(),
  /** Cents wagered on games, net of refunds. */
  total_wager: z.nullable(z.number()),
  games: z.nullable(z.number()),
  best_drop: z.nullable(z.object({ name: z.string(), price: z.number(), rarity: z.string() })),
  user_progress: z.object({ level: z.number(), exp: z.number() }),
  season_experience: SeasonExperience,
  /** stats.race: the place in the featured race, null without one. */
  stats: z.object({ level: z.number(), rank: z.number(), race: z.nullable(z.number()) }),
  achieves_count: z.number(),
  /** The code a partner (tag partner or club_member) shares, for the use-code modal; null for everyone else. */
  code: z.nullable(z.string()),
}));

/** One condition of a sponsor challenge: `value` so far against `goal` (wagers in cents). */
export const ChallengeCondition = z.lazy(() => z.object({
  value: z.number(),
  goal: z.number(),
  /** value / goal, at most 1. */
  progress: z.number(),
  completed: z.boolean(),
  title: z.string(),
}));

/**
 * The challenge a club member meets to keep a sponsor's credit (document 1 section 3): until it
 * completes, the sponsored share of the balance is playable but not withdrawable.
 */
export const SponsorChallenge = z.lazy(() => z.object({
  completed: z.boolean(),
  /** Overall progress 0..1. */
  fraction: z.number(),
  /** 'running', 'completed' (the credit became the player's) or 'removed' (given back). */
  result: z.enum(['running', 'completed', 'removed']),
  conditions: z.object({ wagers: ChallengeCondition }),
}));

/** Markers (document 1 section 3 'Marks'): marker name to the time it was first set (ms). */
export const Marks = z.lazy(() => z.record(z.string(), z.number()));

/** A badge the player owns (account.badges; docs/decisions/0024). */
export const OwnedBadge = z.lazy(() => z.object({
  key: z.string(),
  title: z.string(),
  rarity: z.string(),
  /** 'achievement': comes with the achievement of the same key; 'grant': given by a partner or staff. */
  source: z.enum(['achievement', 'grant']),
  /** How it is earned, as a player reads it. */
  how: z.string(),
  /** When the player got it (ms). */
  since: z.number(),
}));

/** The signed-in player's own account data (document 1 section 3 'Account data'). */
export const AccountData = z.lazy(() => z.object({
  user: PublicUser,
  user_progress: z.object({ level: z.number(), exp: z.number() }),
  user_wallet: z.object({ balance: z.number() }),
  /** borrow: the sponsored share of the balance (0..1); challenge: the latest sponsor challenge. */
  partnership: z.object({ borrow: z.number(), challenge: z.nullable(SponsorChallenge) }),
  loaded: z.boolean(),
  /** The player's markers (assistant scenarios done, badges seen). */
  marks: Marks,
}));

/** One wallet of the player, amount in cents. */
export const Wallet = z.lazy(() => z.object({ currency: z.string(), amount: z.number(), locked: z.number() }));

/** A wallet history entry (document 2 section 3; labels live in the client). */
export const HistoryEntry = z.lazy(() => z.object({
  hash: z.string(),
  type: z.string(),
  currency: z.string(),
  /** Signed cents: positive credits the player. */
  amount: z.number(),
  balance: z.number(),
  time: z.number(),
  ref: z.nullable(z.string()),
}));

/** The player's seed pair for provably fair rolls (document 3 section 3, docs/design.md section 6). */
export const Seed = z.lazy(() => z.object({
  client_seed: z.string(),
  server_seed_hashed: z.string(),
  next_server_seed_hashed: z.string(),
  /** Rolls made with this pair so far; the next roll uses this nonce. */
  nonce: z.number(),
}));

/** Item categories (document 1 section 3); an item's `type`. */
export const ItemCategory = z.enum(['knife', 'gloves', 'pistol', 'smg', 'rifle', 'sniper_rifle', 'shotgun', 'machinegun', 'other']);

/** An item's inclusive ticket range `[from, to]` inside 1..100000. */
export const TicketRangeTuple = z.lazy(() => z.tuple([z.number(), z.number()]));

/** A skin, sticker or other item a case can drop; prices in cents. */
export const Item = z.lazy(() => z.object({
  hash: z.string(),
  key: z.string(),
  /** Market name: weapon | skin (wear), with the star prefix on special knives and gloves. */
  name: z.string(),
  weapon: z.string(),
  skin: z.string(),
  /** Wear abbreviation (FN, MW, FT, WW, BS); null for items without wear (stickers, music kits). */
  wear: z.nullable(z.string()),
  type: ItemCategory,
  /** One of core's ITEM_RARITIES (gray .. orange). */
  rarity: z.string(),
  /** The rarity's colour, #rrggbb. */
  color: z.string(),
  price: z.number(),
  image: z.string(),
}));

/** One item of a case and the tickets that drop it. */
export const BoxSlot = z.lazy(() => z.object({ item_hash: z.string(), range: TicketRangeTuple }));

/** A case (document 1 section 3 'Box/case') at one version; a roll records the version whose slots it used. */
export const Box = z.lazy(() => z.object({
  hash: z.string(),
  key: z.string(),
  /** Goes up whenever the price or the slots change; old versions stay readable for replays. */
  version: z.number(),
  name: z.string(),
  status: z.enum(['enabled', 'disabled']),
  /** A deprecated case can no longer be opened or put in a battle ('Box {hash} deprecated.'). */
  deprecated: z.boolean(),
  image: z.string(),
  background: z.string(),
  logo: z.string(),
  scene: z.object({ spin_border: z.string() }),
  /** Price of one opening in cents. */
  price: z.number(),
  /** Item hashes in slot order. */
  items: z.array(z.string()),
  /** Ticket ranges covering 1..100000 exactly, dearest item first. */
  slots: z.array(BoxSlot),
}));

/** Case cards of one case the player holds (document 1 section 3 'Case cards box'). */
export const CaseCardBox = z.lazy(() => z.object({ key: z.string(), price: z.number(), count: z.number(), asset_hashes: z.array(z.string()) }));

/** A card in the player's inventory (document 1 section 3 'Card'; docs/decisions/0025). */
export const Card = z.lazy(() => z.object({
  hash: z.string(),
  /** The card kind: booster, case, free_coins, free_case, action, avatar_unpack, pattern_unpack, reactions, emojis, customize. */
  type: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
  rarity: z.string(),
  stars: z.number(),
  /** Account level the card needs. */
  level: z.number(),
  tradable: z.boolean(),
  /** Cents, for coin cards. */
  amount: z.nullable(z.number()),
  /** The booster kind of a booster card; avatar, nickname or rain-spoiler for one-off cards. */
  detail: z.nullable(z.string()),
  /** The case a case card opens. */
  box: z.nullable(z.object({ hash: z.string(), key: z.string(), name: z.string(), price: z.number() })),
  time: z.number(),
  item_details: z.object({ type: z.string(), class: z.string(), description: z.string(), level: z.number(), rarity: z.string(), tradable: z.boolean(), name: z.string() }),
}));

/** An avatar or pattern a pack unpacks into (document 1 section 3 'Resource'): stars 1-5. */
export const CardResource = z.lazy(() => z.object({
  hash: z.string(),
  type: z.enum(['avatar', 'pattern']),
  name: z.string(),
  rarity: z.string(),
  stars: z.number(),
  odds: z.number(),
  image: z.string(),
}));

/** The pack card as resource.card answers it: its roulette's pool in options.data.resources. */
export const UnpackedCard = z.lazy(() => z.extend(built(Card), { options: z.object({ data: z.object({ resources: z.array(CardResource) }) }) }));

/** An item in the player's inventory. */
export const Asset = z.lazy(() => z.object({
  hash: z.string(),
  item_hash: z.string(),
  /** The item's category (filters by `type`). */
  type: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: z.string(),
  color: z.string(),
  /** What instant sell pays now, in cents. */
  price: z.number(),
  /** When it dropped, milliseconds. */
  time: z.number(),
  /** The case it came from, when it came from one. */
  box_hash: z.nullable(z.string()),
}));

/** Totals of the assets matching an inventory filter, whatever the page. */
export const InventoryResume = z.lazy(() => z.object({
  total_count: z.number(),
  /** Sum of their prices in cents. */
  total_price: z.number(),
  /** Counts by item category. */
  types: z.record(z.string(), z.number()),
  /** Counts by rarity name. */
  rarities: z.record(z.string(), z.number()),
}));

/** A personal unbox game: `rounds` openings of one case bought at once, spent one roll at a time. */
export const UnboxGame = z.lazy(() => z.object({
  hash: z.string(),
  /** 32 characters; the game's page is /case/{key}/{token} and its room ARENA_GAME[{token}]. */
  token: z.string(),
  type: z.literal('unbox'),
  personal: z.literal(true),
  status: z.enum(['running', 'finished']),
  box_hash: z.string(),
  box_version: z.number(),
  /** Price of one opening in cents. */
  price: z.number(),
  /** What the player paid for all rolls, in cents. */
  total: z.number(),
  /** Scheme text: case short hash and count, e.g. SF7-5. */
  scheme: z.string(),
  /** Rolls made so far. */
  round: z.number(),
  /** Rolls bought. */
  rounds: z.number(),
  user_hashes: z.array(z.string()),
  /** Created, milliseconds. */
  time: z.number(),
  finished_at: z.nullable(z.number()),
}));

/** The public record of one roll (docs/design.md section 6 'The public record'): enough to recompute its ticket and item. */
export const Drop = z.lazy(() => z.object({
  hash: z.string(),
  item_hash: z.string(),
  asset_hash: z.string(),
  box_hash: z.string(),
  /** The case version whose slots (range table) the roll used. */
  box_version: z.number(),
  user_hash: z.string(),
  round: z.number(),
  /** 1 for unbox; the seat in battles. */
  seat: z.number(),
  nonce: z.number(),
  ticket: z.number(),
  client_seed: z.string(),
  server_seed_hashed: z.string(),
  /** The server seed, once the player rotated the pair; null until then. */
  server_seed: z.nullable(z.string()),
  range: TicketRangeTuple,
  fast: z.boolean(),
  time: z.number(),
}));

/** A drop shown in the live-drops strip (document 1 section 3 'Drop'). */
export const LiveDrop = z.lazy(() => z.object({
  hash: z.string(),
  user_hash: z.string(),
  box_hash: z.string(),
  box_key: z.string(),
  items: z.array(Item),
  user: PublicUser,
  time: z.number(),
}));

/** One spent roll of an unbox game: the answer of arena-unbox.roll and the ARENA_GAME_ROLL payload. */
export const UnboxRoll = z.lazy(() => z.object({
  game: UnboxGame,
  drop: Drop,
  item: Item,
  asset: Asset,
  /** `duration` is the spin length in milliseconds the client animates (shorter with fast). */
  roll: z.object({ round: z.number(), duration: z.number() }),
}));

/** Where a battle is (docs/design.md section 7): seats open, waiting for its beacon, rounds, rob decisions, done, or cancelled. */
export const BattleStatus = z.enum(['waiting', 'process', 'running', 'rob', 'finished', 'closed']);

/** A battle's options, all present; `kings` is the crowns needed to win, 0 when off. */
export const BattleGameOptions = z.lazy(() => z.object({
  crazy: z.boolean(),
  terminal: z.boolean(),
  tiebreak: z.boolean(),
  kings: z.number(),
  rob: z.boolean(),
  share: z.boolean(),
  fast: z.boolean(),
}));

/** A taken seat of a battle (document 1 section 3 'Lobby game' users). */
export const BattleSeat = z.lazy(() => z.object({
  /** The player's hash (bots are players tagged bot). */
  hash: z.string(),
  /** The seat, 1-based; in team mode seats 1-2 are team 1 and 3-4 team 2. */
  number: z.number(),
  creator: z.boolean(),
  bot: z.boolean(),
  /** The sponsored share (0..1) of the player's balance when they took the seat (partnership.borrow then); 0 for bots. */
  borrow: z.number(),
  /** Taken with a seat a sponsor paid for. */
  sponsored: z.boolean(),
  /** The client seed sent with create or join, recorded for the fairness page; null for bots. */
  client_seed: z.nullable(z.string()),
  /** Sum of this seat's drops so far, in cents. */
  total: z.number(),
  /** What the seat won in cents (the pot's value for a winner taking every drop); null until finished. */
  reward: z.nullable(z.number()),
}));

/** Fair rolls that settled a tie: the tied seats, the seats picked, and each roll (docs/design.md section 6). */
export const BattleTiebreak = z.lazy(() => z.object({
  players: z.array(z.number()),
  winners: z.array(z.number()),
  rolls: z.array(z.object({ nonce: z.number(), max: z.number(), ticket: z.number() })),
}));

/** How a finished battle was decided and paid (src/core/battle-rules.ts decides it; the fairness page replays it). */
export const BattleGameOutcome = z.lazy(() => z.object({
  /** Sum of every drop's value in cents. */
  pot: z.number(),
  /** Seats paid: one winner, a team, tied seats, every seat (share), or none (rob+rob). */
  winners: z.array(z.number()),
  decided_by: z.enum(['total', 'terminal', 'kings', 'tiebreak', 'tie', 'share', 'rob']),
  payout: z.object({
    /** drops: the winner's inventory receives every drop; coins: each share in cents; house: nobody is paid. */
    kind: z.enum(['drops', 'coins', 'house']),
    shares: z.array(z.object({ seat: z.number(), amount: z.number() })),
    /** Cents the house keeps (a split's remainder, or the whole pot on rob+rob). */
    house: z.number(),
  }),
  standings: z.array(z.object({ seat: z.number(), side: z.number(), total: z.number(), score: z.number(), crowns: z.number() })),
  tiebreak: z.nullable(BattleTiebreak),
  /** Kings: the round in which the first side reached the crowns needed. */
  kings_round: z.nullable(z.number()),
  rob: z.nullable(
    z.object({
      pair: z.array(z.number()),
      decisions: z.array(z.object({ seat: z.number(), decision: z.enum(['split', 'rob']) })),
      result: z.enum(['split', 'rob', 'both_rob']),
    }),
  ),
}));

/**
 * A case battle as the lobby and its page show it (document 1 section 3 'Lobby game'). Public
 * battles are addressed by `hash` (room ARENA_GAME[{hash}]), personal ones by `token` only
 * (room ARENA_GAME[{token}]); joining always sends the token.
 */
export const BattleGame = z.lazy(() => z.object({
  hash: z.string(),
  token: z.string(),
  type: z.literal('battle'),
  personal: z.boolean(),
  status: BattleStatus,
  /** Why a battle closed before it ran; null otherwise. */
  close_reason: z.nullable(z.enum(['creator_left', 'cancelled'])),
  /** Cents one seat costs: one of each round's case. */
  price: z.number(),
  /** Scheme text, short hashes: SF12-5-SF7-1. */
  scheme: z.string(),
  /** The scheme's cases in order, each once. */
  box_hashes: z.array(z.string()),
  mode: z.enum(['solo', 'team']),
  /** Seats in all. */
  seats: z.number(),
  /** Seats taken. */
  members: z.number(),
  options: BattleGameOptions,
  users: z.array(BattleSeat),
  /** Hashes of the seated players in seat order. */
  user_hashes: z.array(z.string()),
  /** Seats paid by sponsors that nobody has taken yet, and who paid them. */
  sponsor: z.object({ seats: z.number(), sponsors: z.array(z.string()) }),
  /** Rounds started so far (their drops are decided and public). */
  round: z.number(),
  rounds: z.number(),
  /** Sum of the drops so far in cents. */
  pot: z.number(),
  /** Timestamps in milliseconds; null until reached. */
  process: z.object({
    created_at: z.number(),
    filled_at: z.nullable(z.number()),
    /** When round 1 starts: the beacon block is known by then. */
    start_time: z.nullable(z.number()),
    rob_at: z.nullable(z.number()),
    ended_at: z.nullable(z.number()),
    /** Milliseconds one round lasts (shorter with fast). */
    round_duration: z.number(),
    /** The round whose values decide with terminal: the last. */
    terminal_round: z.number(),
    /** When the server next moves the battle on its own; null when only a player can. */
    next_at: z.nullable(z.number()),
  }),
  /**
   * Fairness (docs/design.md section 6): ticket = fairTicket(beacon, server_seed, nonce);
   * the server seed is shown hashed until the battle finishes.
   */
  seed: z.object({
    server_seed_hashed: z.string(),
    server_seed: z.nullable(z.string()),
    /** The beacon block id (64 hex), the first block produced after the last seat filled. */
    beacon: z.nullable(z.string()),
    block_number: z.nullable(z.number()),
    /** The block's time in milliseconds. */
    time: z.nullable(z.number()),
    /** The latest fair ticket drawn (the highest nonce so far, a tiebreak roll included); null before round 1. */
    ticket: z.nullable(z.number()),
  }),
  outcome: z.nullable(BattleGameOutcome),
  /** Created, milliseconds. */
  time: z.number(),
  finished_at: z.nullable(z.number()),
}));

/**
 * One seat's drop in one round (docs/design.md section 6 'The public record'). Its ticket is
 * fairTicket(game.seed.beacon, client_seed, nonce) over 1..100000, and `range` is the slot of
 * the case version that holds it; client_seed is the battle's server seed, so it stays null
 * until the battle finishes.
 */
export const BattleDrop = z.lazy(() => z.object({
  hash: z.string(),
  item_hash: z.string(),
  /** The asset in the winner's inventory when the pot was paid as drops; null otherwise. */
  asset_hash: z.nullable(z.string()),
  box_hash: z.string(),
  box_version: z.number(),
  /** Who sat in the seat. */
  user_hash: z.string(),
  round: z.number(),
  seat: z.number(),
  nonce: z.number(),
  ticket: z.number(),
  client_seed: z.nullable(z.string()),
  range: TicketRangeTuple,
  /** The item's price in cents when the battle was created: what the rules add up. */
  value: z.number(),
  time: z.number(),
}));

/** The split-or-rob phase of a rob-mode battle (arena.game modes.rob); decisions show once revealed. */
export const RobState = z.lazy(() => z.object({
  status: z.enum(['commit', 'reveal', 'finished']),
  started_at: z.number(),
  commit_deadline: z.number(),
  reveal_deadline: z.nullable(z.number()),
  seats: z.array(
    z.object({
      seat: z.number(),
      user_hash: z.string(),
      bot: z.boolean(),
      /** SHA-256 hex of `decision-salt`; null until committed (bots commit nothing and split). */
      decision_hashed: z.nullable(z.string()),
      decision: z.nullable(z.enum(['split', 'rob'])),
      decision_salt: z.nullable(z.string()),
    }),
  ),
  /** Rolls that filled a tied place in the pair. */
  tiebreak: z.nullable(BattleTiebreak),
}));

/** A chat line on a battle's page. */
export const BattleMessage = z.lazy(() => z.object({ hash: z.string(), user_hash: z.string(), text: z.string(), time: z.number() }));

/** A round's drops, decided when it starts: the ARENA_GAME_ROLL payload of a battle. */
export const BattleRoll = z.lazy(() => z.object({
  game_hash: z.string(),
  round: z.number(),
  box_hash: z.string(),
  drops: z.array(BattleDrop),
  items: z.array(Item),
  /** The reels spin from starts_at to ends_at (milliseconds). */
  starts_at: z.number(),
  ends_at: z.number(),
}));

/** A game-start or game-done notice to a seated player's own room (ARENA_GAME_RUN / ARENA_GAME_CLOSED). */
export const GameNotice = z.lazy(() => z.object({
  /** The notification type the client shows (document 1 section 3 'Notification'). */
  type: z.enum(['game_start', 'game_done']),
  hash: z.string(),
  /** Where the battle's page is: /battle/{token} for personal games, /battle/{short hash} otherwise. */
  path: z.string(),
  personal: z.boolean(),
  status: BattleStatus,
  /** What this player won in cents; null before the finish. */
  reward: z.nullable(z.number()),
  time: z.number(),
}));

/** The arena's fixed rules, for the create screen (docs/design.md section 7, document 1 section 9). */
export const ArenaConfig = z.lazy(() => z.object({
  seats: z.object({ min: z.number(), max: z.number() }),
  /** Seats of a team battle (2v2). */
  team_seats: z.number(),
  case_counts: z.array(z.number()),
  max_rounds: z.number(),
  modes: z.array(z.string()),
  options: z.array(z.string()),
  /** Milliseconds: last seat to round 1, one round, and the rob phase's commit and reveal windows. */
  timings: z.object({
    countdown_ms: z.number(),
    round_ms: z.object({ normal: z.number(), fast: z.number() }),
    rob_commit_ms: z.number(),
    rob_reveal_ms: z.number(),
  }),
}));

/** arena.game of a personal unbox game. */
export const UnboxGameDetail = z.lazy(() => z.object({
  game: UnboxGame,
  users: z.array(PublicUser),
  drops: z.array(Drop),
  items: z.array(Item),
  /** The case at each version the drops used: its slots are the range tables. */
  boxes: z.array(Box),
  lobby: z.null(),
  modes: z.object({ rob: z.null() }),
}));

/** arena.game of a battle: everything its page and its fairness replay need. */
export const BattleGameDetail = z.lazy(() => z.object({
  game: BattleGame,
  /** Every seated player, bots included. */
  users: z.array(PublicUser),
  /** Drops of the rounds started so far, by round then seat. */
  drops: z.array(BattleDrop),
  /** Every item of the cases the battle uses (the reels show them), at today's catalog. */
  items: z.array(Item),
  /** The cases at the versions the battle's range tables come from. */
  boxes: z.array(Box),
  /** The lobby entry's hash; null for personal battles, which the lobby does not list. */
  lobby: z.nullable(z.object({ game_hash: z.string() })),
  modes: z.object({ rob: z.nullable(RobState) }),
  /** The latest messages, oldest first. */
  messages: z.array(BattleMessage),
}));

/** Whether an arena.game answer is a battle's (the answer is a union of unbox and battle games). */
export function isBattleDetail(detail: z.output<typeof UnboxGameDetail> | z.output<typeof BattleGameDetail>): detail is z.output<typeof BattleGameDetail> {
  return detail.game.type === 'battle';
}

/**
 * A payment's status. Document 1 section 4 toasts pending, completed and declined; waiting
 * (a card invoice not paid yet) and expired (never paid) give nothing.
 */
export const PaymentStatus = z.enum(['waiting', 'pending', 'completed', 'declined', 'expired']);

/** The rail a payment went through; `method` is the brand or chain on it. */
export const PaymentProvider = z.enum(['crypto', 'instaxchange', 'giftcard', 'skinsback']);

/** A deposit or withdrawal: the wallet store's transaction (document 2 section 3). */
export const Payment = z.lazy(() => z.object({
  hash: z.string(),
  type: z.enum(['deposit', 'withdraw']),
  provider: PaymentProvider,
  /** btc, eth, ltc, usdt, usdc; visa, mastercard (cards); applepay .. gpay (gift cards); skinsback, cs2. */
  method: z.string(),
  /** BTC, ETH, LTC, USDT, USDC for crypto; USD for cards, gift cards and skins. */
  currency: z.string(),
  status: PaymentStatus,
  /** Coin cents credited or debited (a pending deposit's at today's rate). */
  amount: z.number(),
  /** The amount in `currency`, as text with its decimals (BTC 8, USDT 6, USD 2). */
  value: z.string(),
  /** Network fee kept from a withdrawal, as text in `currency`; "0" otherwise. */
  fee: z.string(),
  /** Created and last changed, milliseconds. */
  time: z.number(),
  updated_at: z.number(),
  states: z.object({
    /** The deposit address funds came to, or the address a withdrawal goes to. */
    wallet_address: z.nullable(z.string()),
    /** The chain transaction once known (block explorer links). */
    tx_hash: z.nullable(z.string()),
    confirmations: z.number(),
    required_confirmations: z.number(),
    /** Why it was declined (the client shows the spec's payment-declined text). */
    reason: z.nullable(z.string()),
    /** Where a declined crypto deposit was sent back to, once refunded. */
    refund_address: z.nullable(z.string()),
  }),
}));

/** PAYMENT_UPDATED (document 2 section 3 'Payment update event'), sent on every status change. */
export const PaymentUpdate = z.lazy(() => z.object({
  hash: z.string(),
  currency: z.string(),
  /** Signed coin cents the change moved for the player (0 while pending). */
  changed: z.number(),
  /** The player's coin balance after the change, in cents. */
  balance: z.number(),
  type: z.enum(['deposit', 'withdraw']),
  status: PaymentStatus,
  method: z.string(),
}));

/** One way to pay in or out, as the wallet pages list them (document 2 section 2 'Payment method groups'). */
export const PaymentMethod = z.lazy(() => z.object({
  method: z.string(),
  group: z.enum(['crypto', 'card', 'giftcard', 'skins', 'other']),
  /** The rail: pass it back as `provider` to the crypto calls. */
  provider: z.string(),
  name: z.string(),
  currency: z.string(),
  precision: z.number(),
  /** Coins per unit of `currency` (manifest stats.wallet.rate). */
  rate: z.number(),
  /** Coin cents bounds; null when the method cannot be used that way. */
  deposit: z.nullable(z.object({ min: z.number(), max: z.nullable(z.number()) })),
  withdraw: z.nullable(z.object({ min: z.number(), max: z.number() })),
  /** Chain confirmations a deposit waits for; 0 off-chain. */
  confirmations: z.number(),
}));

/** The referral data of the deposit-bonus modal (document 2 section 3 'Referral', document 3 section 3). */
export const Referral = z.lazy(() => z.object({
  partner: z.nullable(z.object({ hash: z.string(), name: z.string(), display_name: z.string(), info: built(PublicUser).shape.info })),
  /** The code applied, or null. */
  code: z.nullable(z.string()),
  /** Hidden from the partner's referral list. */
  anonymous: z.boolean(),
  /** Whether deposits earn the bonus now (a partner, and today's cap not reached). */
  cashback_available: z.boolean(),
  /** Bonus paid today (UTC) in cents, against the daily cap. */
  bonus_today: z.number(),
  config: z.object({
    /** The deposit bonus as a fraction (0.05 shows as 5%). */
    REF_CASHBACK_PERCENT: z.number(),
    /** Most bonus a player gets per UTC day, in cents (100 coins). */
    REF_CASHBACK_DAILY_CAP: z.number(),
  }),
}));

/** One block of the sim's beacon chain (docs/design.md section 6): a battle's beacon is the first block after its last seat filled. */
export const BeaconBlock = z.lazy(() => z.object({
  /** Unix second the block was produced at. */
  number: z.number(),
  /** 64 hex: the key of every ticket of the battles that use this block. */
  id: z.string(),
  /** SHA-256 over number, time, id and the previous block's hash. */
  hash: z.string(),
  prev: z.string(),
  /** Milliseconds since the epoch. */
  time: z.number(),
}));

/** A partner's earnings (cents) and the reach of their code. */
export const PartnerEarnings = z.lazy(() => z.object({
  /** Everything earned so far (a share of the referrals' deposits), rounded down to whole cents. */
  accrued: z.number(),
  claimed: z.number(),
  /** What a claim pays now. */
  available: z.number(),
  /** What the referrals wagered (counted wagers): it sets the partner's tier. */
  wagered: z.number(),
  /** What the referrals deposited, completed deposits: the base of the earnings. */
  deposited: z.number(),
  /** The share of a deposit the partner's tier earns now, in percent. */
  share_percent: z.number(),
  referrals: z.number(),
  /** Visits of the invite link. */
  visits: z.number(),
  /** 20 referrals or more and something to claim. */
  can_claim: z.boolean(),
}));

/** The periods of the partnership-plus dashboard. */
export const PARTNER_PERIODS = ['day', 'week', 'month', 'all'] as const;

/** A partner's figures over one period (docs/decisions/0022); amounts in cents. */
export const PartnerPeriodFigures = z.lazy(() => z.object({
  /** Visits of the invite link. */
  visits: z.number(),
  /** Players who took the code. */
  referrals: z.number(),
  /** The referrals' wagers, and what they wagered net of refunds. */
  wagers: z.number(),
  wagered: z.number(),
  /** The partner's share of the referrals' deposits, rounded down. */
  earned: z.number(),
  /** The referrals' completed deposits, and their sum. */
  deposits: z.number(),
  deposited: z.number(),
}));

/** One referral in their partner's list; an anonymous one shows no name. */
export const ReferralEntry = z.lazy(() => z.object({
  hash: z.string(),
  name: z.string(),
  display_name: z.string(),
  anonymous: z.boolean(),
  /** Unix seconds the code was applied. */
  joined_at: z.number(),
  wagered: z.number(),
  /** Their completed deposits while this partner's referral, cents. */
  deposited: z.number(),
  /** What their deposits earned the partner, cents rounded down. */
  earned: z.number(),
}));

/** Referral ranks, best first (document 3 partnership-plus). */
export const REFERRAL_RANKS = ['S', 'A', 'B', 'C', 'D', 'E'] as const;

/** A partner's rank scheme: the least a referral has wagered (cents) for each rank above E, strictly falling. */
export const RankScheme = z.lazy(() => z.object({ S: z.number(), A: z.number(), B: z.number(), C: z.number(), D: z.number() }));

/** Partner race categories: the number of places a race's prize is split over (document 3 section 9). */
export const PARTNER_RACE_CATEGORIES = [5, 10, 20, 30, 50, 100] as const;
/** The colour each category shows in. */
export const PARTNER_RACE_COLOURS: Record<(typeof PARTNER_RACE_CATEGORIES)[number], string> = { 5: '#9ca3af', 10: '#4ade80', 20: '#38bdf8', 30: '#a78bfa', 50: '#f472b6', 100: '#fbbf24' };

/** A race a partner runs for their referrals. */
export const PartnerRace = z.lazy(() => z.object({
  id: z.string(),
  name: z.string(),
  category: z.number(),
  /** The prize pool in cents, held from the partner until the race ends. */
  prize: z.number(),
  /** Unix seconds. */
  starts_at: z.number(),
  ends_at: z.number(),
  status: z.enum(['running', 'ended', 'cancelled']),
  partner: z.object({ hash: z.string(), name: z.string() }),
}));

/** One place of a partner race: its leader so far (or its winner) and the prize. */
export const PartnerRaceStanding = z.lazy(() => z.object({
  place: z.number(),
  user_hash: z.string(),
  name: z.string(),
  wagered: z.number(),
  prize: z.number(),
}));

/** A partner tier (docs/decisions/0028): reached when the referrals wagered `min_wagered` cents. */
export const PartnerTierEntry = z.lazy(() => z.object({
  level: z.number(),
  name: z.string(),
  min_wagered: z.number(),
  deal_cap: z.number(),
  /** The share of each referral's deposit a partner of this tier earns, in percent (up to 10). */
  earning_percent: z.number(),
}));

/** A sponsor deal: credit the sponsor offers a partner against a wager goal, for some days. */
export const PartnerDeal = z.lazy(() => z.object({
  id: z.string(),
  amount: z.number(),
  wager_goal: z.number(),
  status: z.enum(['active', 'ended', 'cancelled']),
  /** Unix seconds. */
  confirmed_at: z.number(),
  ends_at: z.number(),
  ended_at: z.nullable(z.number()),
}));

/** The programme's deal terms (partnership-plus admin settings). */
export const DealTermsEntry = z.lazy(() => z.object({ deals_enabled: z.boolean(), deal_min: z.number(), deal_wager_multiplier: z.number(), deal_days: z.number() }));

/** A partner's deal preferences: renew when a deal ends, with what amount, at what time of the UTC day (seconds). */
export const DealSettings = z.lazy(() => z.object({ auto_renew: z.boolean(), renew_amount: z.number(), time_offset: z.number() }));

/** Icons a partner badge may carry. */
export const BADGE_ICONS = ['star', 'crown', 'flame', 'bolt', 'heart', 'shield', 'diamond', 'skull'] as const;

/** A partner badge; `active` ones show on the partner. */
export const PartnerBadge = z.lazy(() => z.object({ id: z.string(), name: z.string(), icon: z.string(), colour: z.string(), active: z.boolean() }));

/** A partner's badges and the badge each referral rank wears (null: none). */
export const PartnerBadges = z.lazy(() => z.object({
  badges: z.array(PartnerBadge),
  referral_badges: z.object({ S: z.nullable(z.string()), A: z.nullable(z.string()), B: z.nullable(z.string()), C: z.nullable(z.string()), D: z.nullable(z.string()), E: z.nullable(z.string()) }),
}));

/** One expense entry of a partner. */
export const PartnerExpense = z.lazy(() => z.object({ hash: z.string(), type: z.string(), amount: z.number(), created_at: z.number(), ref: z.nullable(z.string()) }));
