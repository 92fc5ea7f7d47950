/**
 * Entity shapes that several methods and socket messages share (spec document 1 section 3,
 * document 2 section 3). Only fields the sim-server really fills are required.
 */
import { z } from './wire.ts';

/** User tags of the spec. */
export const UserTag = z.enum(['kick', 'partner', 'bot', 'club_member', 'sponsored', 'ban_chat', 'admin', 'marketing']);

/** A player as others see them. */
export const PublicUser = z.object({
  hash: z.string(),
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  scope: z.number(),
  tags: z.array(z.string()),
  level: z.number(),
  info: z.object({ avatar: z.nullable(z.string()), pattern: z.nullable(z.string()), badge: z.nullable(z.string()) }),
});

/** The signed-in player's own account data (document 1 section 3 'Account data'). */
export const AccountData = z.object({
  user: PublicUser,
  user_progress: z.object({ level: z.number(), exp: z.number() }),
  user_wallet: z.object({ balance: z.number() }),
  partnership: z.object({ borrow: z.number() }),
  loaded: z.boolean(),
});

/** One wallet of the player, amount in cents. */
export const Wallet = z.object({ currency: z.string(), amount: z.number(), locked: z.number() });

/** A wallet history entry (document 2 section 3; labels live in the client). */
export const HistoryEntry = z.object({
  hash: z.string(),
  type: z.string(),
  currency: z.string(),
  /** Signed cents: positive credits the player. */
  amount: z.number(),
  balance: z.number(),
  time: z.number(),
  ref: z.nullable(z.string()),
});

/** The player's seed pair for provably fair rolls (document 3 section 3, DESIGN.md section 10). */
export const Seed = z.object({
  client_seed: z.string(),
  server_seed_hashed: z.string(),
  next_server_seed_hashed: z.string(),
  /** Rolls made with this pair so far; the next roll uses this nonce. */
  nonce: z.number(),
});

/** Item categories (document 1 section 3); an item's `type`. */
export const ItemCategory = z.enum(['knife', 'gloves', 'pistol', 'smg', 'rifle', 'sniper_rifle', 'shotgun', 'machinegun', 'other']);

/** An item's inclusive ticket range `[from, to]` inside 1..100000. */
export const TicketRangeTuple = z.tuple([z.number(), z.number()]);

/** A skin, sticker or other item a case can drop; prices in cents. */
export const Item = z.object({
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
});

/** One item of a case and the tickets that drop it. */
export const BoxSlot = z.object({ item_hash: z.string(), range: TicketRangeTuple });

/** A case (document 1 section 3 'Box/case') at one version; a roll records the version whose slots it used. */
export const Box = z.object({
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
});

/** Case cards of one case the player holds (document 1 section 3 'Case cards box'). */
export const CaseCardBox = z.object({ key: z.string(), price: z.number(), count: z.number(), asset_hashes: z.array(z.string()) });

/** An item in the player's inventory. */
export const Asset = z.object({
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
});

/** Totals of the assets matching an inventory filter, whatever the page. */
export const InventoryResume = z.object({
  total_count: z.number(),
  /** Sum of their prices in cents. */
  total_price: z.number(),
  /** Counts by item category. */
  types: z.record(z.string(), z.number()),
  /** Counts by rarity name. */
  rarities: z.record(z.string(), z.number()),
});

/** A personal unbox game: `rounds` openings of one case bought at once, spent one roll at a time. */
export const UnboxGame = z.object({
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
});

/** The public record of one roll (DESIGN.md section 10 'Fairness record'): enough to recompute its ticket and item. */
export const Drop = z.object({
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
});

/** A drop shown in the live-drops strip (document 1 section 3 'Drop'). */
export const LiveDrop = z.object({
  hash: z.string(),
  user_hash: z.string(),
  box_hash: z.string(),
  box_key: z.string(),
  items: z.array(Item),
  user: PublicUser,
  time: z.number(),
});

/** One spent roll of an unbox game: the answer of arena-unbox.roll and the ARENA_GAME_ROLL payload. */
export const UnboxRoll = z.object({
  game: UnboxGame,
  drop: Drop,
  item: Item,
  asset: Asset,
  /** `duration` is the spin length in milliseconds the client animates (shorter with fast). */
  roll: z.object({ round: z.number(), duration: z.number() }),
});
