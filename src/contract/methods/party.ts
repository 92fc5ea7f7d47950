import { method } from '../define.ts';
import { PublicUser } from '../entities.ts';
import { built, choice, hashId, int, list, stamp, text, z } from '../wire.ts';

/** How a party chooses who may win a tier: by level, referral rank or race place (document 3 section 4). */
export const PARTY_MODES = ['level', 'rank', 'race'] as const;
export type PartyMode = (typeof PARTY_MODES)[number];

/** A party's invite (dress) code: free text, never empty. */
export const inviteCode = () => text(1, 64);
/** Wager condition options in cents (document 3 section 5). */
export const PARTY_WAGER_OPTIONS = [500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 150000, 200000];
/** Wager period options in days (document 3 section 5; default 5). */
export const PARTY_PERIOD_DAYS = [1, 3, 5, 10, 14, 30];
/** Party fuel a partner can buy, in cents: the prize budget of one party (docs/decisions/0027). */
export const PARTY_FUEL_OPTIONS = [3000, 10000, 30000, 100000];
/** Tiers of a party. */
export const PARTY_TIERS = 3;

/** A member's standing the tier rules read (document 3 section 3 users.stats). */
export const PartyMemberStats = z.lazy(() => z.object({ level: z.number(), rank: z.nullable(z.number()), race: z.nullable(z.number()) }));

/** A party member: the public user and their stats. */
export const PartyUser = z.lazy(() => z.object({ ...built(PublicUser).shape, stats: PartyMemberStats }));

/** One tier as the party shows it. */
export const PartyTier = z.lazy(() => z.object({
  number: z.number(),
  item_name: z.string(),
  item_hash: z.string(),
  item_image: z.string(),
  item_price: z.number(),
  /** What the tier gives (docs/decisions/0027): a booster or a card of item_price's value; null on an old skin prize. */
  prize: z.nullable(z.object({ type: z.enum(['booster', 'card']), kind: z.string(), rarity: z.string() })),
  /** The party air time (ms) at which the tier is drawn. */
  time_at: z.number(),
  completed: z.boolean(),
  winner_hash: z.nullable(z.string()),
  required_level: z.number(),
  required_rank: z.number(),
  required_race: z.number(),
  server_seed_hashed: z.string(),
}));

/** A stream party (document 3 section 3). */
export const StreamParty = z.lazy(() => z.object({
  id: z.string(),
  status: z.enum(['active', 'inactive', 'closed']),
  official: z.boolean(),
  modes: z.object({ official: z.boolean(), rank_mode: z.boolean(), race_mode: z.boolean() }),
  host: PublicUser,
  stream: z.object({
    user_hash: z.string(),
    hoster_user_hash: z.string(),
    /** The host's live stream, null while off air. */
    profile: z.nullable(z.object({ name: z.string(), avatar: z.nullable(z.string()), followers: z.number(), link: z.string() })),
  }),
  style: z.object({ background: z.nullable(z.string()) }),
  /** min_period in seconds; invite_code only for the host (and "skinfans" on official parties). */
  conditions: z.object({ min_wagered: z.number(), min_period: z.number(), min_level: z.number(), invite_code: z.nullable(z.string()) }),
  /** The asking player's place in the party; null for visitors. */
  participation: z.nullable(
    z.object({
      joined: z.boolean(),
      rank: z.nullable(z.object({ id: z.number() })),
      race: z.nullable(z.number()),
      /** Wagered under the host's code within min_period (the condition bar). */
      progress: z.object({ wagered: z.number() }),
      referral: z.boolean(),
    }),
  ),
  participants: z.number(),
  users: z.array(PartyUser),
  goals: z.array(z.object({ name: z.string(), time_at: z.number(), completed: z.boolean() })),
  /**
   * Deposit-bonus goals (docs/decisions/0036): when participants' deposits during the party
   * reach `amount` (cents), every participant gets a Deposit Bonus booster of `percent` up to
   * `bonus_max` (cents); completed once paid.
   */
  deposit_goals: z.array(z.object({ number: z.number(), amount: z.number(), percent: z.number(), bonus_max: z.number(), completed: z.boolean() })),
  tiers: z.array(PartyTier),
  progress: z.object({
    air_time: z.number(),
    bar_time: z.number(),
    /** Cents the participants deposited while taking part (the deposit goals' bar). */
    deposited: z.number(),
    goals_completed_last: z.number(),
    tiers_count: z.number(),
    tiers_completed_count: z.number(),
    /** Members the next tier would draw from now. */
    tiers_roll_participants: z.number(),
  }),
  created_at: z.number(),
  /** Server time in ms, so the client's tier timer counts from the server's clock. */
  time: z.number(),
}));
export type StreamParty = z.output<typeof StreamParty>;

/** A tier with its members and fairness record (the fairness panel). */
export const PartyTierDetail = z.lazy(() => z.object({
  party_id: z.string(),
  number: z.number(),
  users: z.array(PartyUser),
  required_level: z.number(),
  required_rank: z.number(),
  required_race: z.number(),
  server_seed_hashed: z.string(),
  /** Revealed once the tier is completed. */
  server_seed: z.nullable(z.string()),
  /** The published participant hashes, in draw order, and their SHA-256; null until published. */
  participants: z.nullable(z.array(z.string())),
  participants_hash: z.nullable(z.string()),
  ticket: z.nullable(z.number()),
  winner_hash: z.nullable(z.string()),
  completed: z.boolean(),
  /** Air time left until the draw (ms), 0 once due. */
  timer: z.number(),
  /** Completed without a winner (nobody qualified): the timer's dying state. */
  dying: z.boolean(),
}));

/** A partner's party settings (partnership-plus.party-settings). */
export const PartySettings = z.lazy(() => z.object({
  min_wagered: z.number(),
  /** Days. */
  min_period: z.number(),
  min_level: z.number(),
  invite_code: z.string(),
  mode: z.enum(PARTY_MODES),
  /** Each tier's requirement in the mode (level, rank 1-6, or race place). */
  required: z.array(z.number()),
  background: z.nullable(z.string()),
  stream_club: z.boolean(),
  /** The open party's id, if any. */
  party: z.nullable(z.string()),
}));

const success = z.lazy(() => z.object({ success: z.literal(true) }));

/** Stream parties (document 3 section 7). */
export const partyMethods = {
  'event-party.lobby': () => method({
    doc: 'The open stream parties the player may see (official ones; a referral also their partner\'s; a host only their own) and their hosts.',
    access: 'public',
    input: z.object({}),
    output: z.object({ parties: z.array(StreamParty), users: z.array(PublicUser) }),
  }),
  'event-party.get': () => method({
    doc: 'One stream party with its tiers, goals, conditions and the asking player\'s participation; 30 when unknown or closed.',
    access: 'public',
    input: z.object({ id: hashId() }),
    output: z.object({ party: StreamParty }),
  }),
  'event-party.get-tier': () => method({
    doc: 'One tier of a party with its members and fairness data (seed revealed once completed).',
    access: 'public',
    input: z.object({ id: hashId(), number: int().check(z.gte(1), z.lte(PARTY_TIERS)) }),
    output: z.object({ tier: PartyTierDetail }),
  }),
  'event-party.join': () => method({
    doc: 'Joins a party with its invite code ("skinfans" for official ones); unofficial ones take only the host\'s referrals who meet the conditions.',
    access: 'user',
    input: z.object({ id: hashId(), invite_code: inviteCode() }),
    output: z.object({ success: z.literal(true), participants: z.number() }),
  }),
  'event-party.disband': () => method({
    doc: 'The host of an unofficial party closes it; the fuel of tiers not drawn goes back to them.',
    access: 'user',
    input: z.object({ id: hashId() }),
    output: z.object({ success: z.literal(true), refunded: z.number() }),
  }),
  'event-party.update-settings': () => method({
    doc: 'The host sets the join conditions: wager (cents) within a period (days), minimum level, dress code.',
    access: 'user',
    input: z.object({
      id: hashId(),
      min_wagered: choice(PARTY_WAGER_OPTIONS),
      min_period: choice(PARTY_PERIOD_DAYS),
      min_level: int().check(z.gte(0), z.lte(140)),
      invite_code: inviteCode(),
    }),
    output: success,
  }),
};

/** The partnership-plus methods that feed parties (document 3 section 7; docs/decisions/0027). */
export const partyPartnerMethods = {
  'partnership-plus.party-settings': () => method({
    doc: "The partner's party settings and stream-club membership; DASHBOARD_ACCESS_DENIED for others.",
    access: 'user',
    input: z.object({}),
    output: PartySettings,
  }),
  'partnership-plus.change-party-settings': () => method({
    doc: 'Changes the join conditions of the partner\'s parties (the open one too).',
    access: 'user',
    input: z.object({ min_wagered: choice(PARTY_WAGER_OPTIONS), min_period: choice(PARTY_PERIOD_DAYS), min_level: int().check(z.gte(0), z.lte(140)), invite_code: inviteCode() }),
    output: PartySettings,
  }),
  'partnership-plus.change-party-settings-advanced': () => method({
    doc: 'Changes the mode (level, rank, race), each tier\'s requirement and the background of the partner\'s next parties.',
    access: 'user',
    input: z.object({
      mode: z.enum(PARTY_MODES),
      required: list(int().check(z.gte(0), z.lte(140)), PARTY_TIERS).check(z.minLength(PARTY_TIERS)),
      background: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like #1a2b3c'))),
    }),
    output: PartySettings,
  }),
  'partnership-plus.buy-party-fuel': () => method({
    doc: 'A stream-club partner pays a party\'s prize budget and opens the party; ACTIVE_STREAM_PARTY_EXISTS while one is open.',
    access: 'user',
    money: true,
    input: z.object({ amount: choice(PARTY_FUEL_OPTIONS), stamp: stamp() }),
    output: z.object({ success: z.literal(true), party: z.string(), fuel: z.number(), balance: z.number() }),
  }),
  'partnership-plus.close-party': () => method({
    doc: "Closes the partner's open party (the ACTIVE_STREAM_PARTY_EXISTS flow); the fuel of tiers not drawn goes back.",
    access: 'user',
    money: true,
    input: z.object({ stamp: stamp() }),
    output: z.object({ success: z.literal(true), refunded: z.number() }),
  }),
  'partnership-plus.join-stream-club': () => method({
    doc: 'A partner or club member with a streaming account (one that has been on air) joins the stream club; KICK_ACCOUNT_NOT_LINKED otherwise.',
    access: 'user',
    input: z.object({}),
    output: z.object({ success: z.literal(true), stream_club: z.boolean() }),
  }),
  'partnership-plus.leave-stream-club': () => method({
    doc: 'Leaves the stream club; INVALID_DATA while a party of theirs is open.',
    access: 'user',
    input: z.object({}),
    output: z.object({ success: z.literal(true), stream_club: z.boolean() }),
  }),
};
