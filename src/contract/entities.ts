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
