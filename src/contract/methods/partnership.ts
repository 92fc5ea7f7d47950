import { method, unshown } from '../define.ts';
import { BADGE_ICONS, DealSettings, DealTermsEntry, PARTNER_PERIODS, PARTNER_RACE_CATEGORIES, REFERRAL_RANKS, RankScheme, PartnerBadge, PartnerBadges, PartnerDeal, PartnerExpense, PartnerTierEntry, PartnerEarnings, PartnerPeriodFigures, PartnerRace, PartnerRaceStanding, Referral, ReferralEntry, SponsorChallenge } from '../entities.ts';
import { cents, choice, flag, hashId, int, list, paging, stamp, text, z } from '../wire.ts';

/** A badge for a referral rank: an own badge's id, or '' for none. */
const BADGE_REF = z.optional(z.union([z.literal(''), hashId()]));

/** The partnership-plus home figures (also the partner API's answer). */
/** A referral in the partnership-plus list: the partnership entry with its rank. */
const RankedReferral = z.object({ ...ReferralEntry.shape, rank: z.enum(REFERRAL_RANKS) });

const PartnerHome = z.object({
  code: z.string(),
  earnings: PartnerEarnings,
  periods: z.object({ day: PartnerPeriodFigures, week: PartnerPeriodFigures, month: PartnerPeriodFigures, all: PartnerPeriodFigures }),
});

/** What a partner race is made of: a name, its places, the prize in cents and how long it runs in seconds. */
const raceFields = {
  name: text(1, 40),
  category: choice(PARTNER_RACE_CATEGORIES),
  prize: cents(),
  duration: int(),
};

/**
 * Partnership, partnership-plus and its admin calls (document 3 section 7; the apply-code
 * call also document 2). The spec shows no partnership-plus payloads.
 */
export const partnershipMethods = {
  'partnership.referrals': method({
    doc: "The player's own partner figures and a page of their referrals, newest first (`offset`: the last hash of the previous page). Earnings are a tenth of the house edge on the referrals' wagers, in cents (docs/decisions/0011).",
    access: 'user',
    input: z.object({ ...paging }),
    output: z.object({
      code: z.string(),
      earnings: PartnerEarnings,
      referrals: z.array(ReferralEntry),
      has_more: z.boolean(),
    }),
  }),
  'partnership.visit': method({
    doc: "Counts one visit of a partner's invite link (/p/{code}, /r/{code}); answers whether the code is a partner's.",
    access: 'public',
    input: z.object({ code: text(1, 64) }),
    output: z.object({ success: z.boolean() }),
  }),
  'partnership.activateCode': method({
    doc: "Applies a partner's referral code (username rules; 28 'Invalid code', 29 for one's own), optionally hidden from the partner's list; referred deposits then earn the 5% bonus. Changing partner waits a day (CODE_ACTIVATION_DELAY).",
    access: 'user',
    money: true,
    input: z.object({ code: text(1, 64), anonymous: z.optional(flag()), stamp: stamp() }),
    output: z.object({ success: z.boolean() }),
  }),
  'partnership.getPartner': method({
    doc: "The player's referral data: partner, code, the deposit bonus and what it paid today.",
    access: 'user',
    input: z.object({}),
    output: Referral,
  }),

  'partnership-plus.dashboard': method({
    doc: "A partner's or club member's figures over a period (day, week, month, all; default week): sums, days and the sponsor credit (docs/decisions/0022). DASHBOARD_ACCESS_DENIED for others.",
    access: 'user',
    input: z.object({ period: z.optional(z.enum(PARTNER_PERIODS)) }),
    output: z.object({
      period: z.enum(PARTNER_PERIODS),
      figures: PartnerPeriodFigures,
      series: z.array(z.object({ at: z.number(), ...PartnerPeriodFigures.shape })),
      credit: z.object({
        balance: z.number(),
        borrow: z.number(),
        sponsor: z.object({ next_time_at: z.nullable(z.number()), time_offset: z.number() }),
        challenge: z.nullable(SponsorChallenge),
      }),
    }),
  }),
  'partnership-plus.home': method({
    doc: "The partner's code, earnings and the figures of every period (docs/decisions/0022).",
    access: 'user',
    input: z.object({}),
    output: PartnerHome,
  }),
  'partnership-plus.race': method({
    doc: 'One partner race with its standing (the leaders and what each place pays); RACE_NOT_FOUND (the client goes to /404) unless the player runs it or is a referral of who does.',
    access: 'user',
    input: z.object({ id: hashId() }),
    output: z.object({ race: PartnerRace, standings: z.array(PartnerRaceStanding) }),
  }),
  'partnership-plus.race-metadata': method({
    doc: 'What a race may be: the categories (places the prize is split over) with their colours, the duration bounds in seconds and the least prize per five places in cents.',
    access: 'user',
    input: z.object({}),
    output: z.object({
      categories: z.array(z.object({ value: z.number(), colour: z.string() })),
      min_duration: z.number(),
      max_duration: z.number(),
      min_prize_per_5: z.number(),
    }),
  }),
  'partnership-plus.create-race': method({
    doc: "Starts a race for the partner's referrals, holding the prize (cents) from the partner's balance (COMMIT_ERROR when it does not cover it); partners and club members only (DASHBOARD_ACCESS_DENIED).",
    access: 'user',
    money: true,
    input: z.object({ ...raceFields, stamp: stamp() }),
    output: z.object({ race: PartnerRace }),
  }),
  'partnership-plus.change-race': method({
    doc: 'Changes a running race (name, places, prize, duration from now); a bigger prize holds the difference, a smaller one gives it back. RACE_NOT_FOUND for another partner\'s race.',
    access: 'user',
    money: true,
    input: z.object({ id: hashId(), ...raceFields, stamp: stamp() }),
    output: z.object({ race: PartnerRace }),
  }),
  'partnership-plus.cancel-race': method({
    doc: "Cancels a running race and gives the held prize back. RACE_NOT_FOUND for another partner's race.",
    access: 'user',
    money: true,
    input: z.object({ id: hashId(), stamp: stamp() }),
    output: z.object({ race: PartnerRace }),
  }),
  'partnership-plus.races': method({
    doc: "Pages of races newest first (`offset`: the last race's id): a partner's own, or for a referral their partner's.",
    access: 'user',
    input: z.object({ ...paging }),
    output: z.object({ races: z.array(PartnerRace), has_more: z.boolean() }),
  }),
  'partnership-plus.referrals': method({
    doc: "Pages of the partner's referrals newest first, with ranks (`offset`: the last hash).",
    access: 'user',
    input: z.object({ ...paging }),
    output: z.object({ referrals: z.array(RankedReferral), has_more: z.boolean(), scheme: RankScheme }),
  }),
  'partnership-plus.tiers': method({
    doc: "The partner tiers (the /partnership/tiers modal), lowest first; signed in as a partner, also the caller's level and referral wagers (docs/decisions/0028).",
    access: 'public',
    input: z.object({}),
    output: z.object({ tiers: z.array(PartnerTierEntry), level: z.nullable(z.number()), wagered: z.nullable(z.number()) }),
  }),

  'partnership-plus.prepare-badge': method({
    doc: 'Makes a new (inactive) badge from a name, an icon and a #rrggbb colour; INVALID_DATA past 12 badges. Answers every badge of the partner.',
    access: 'user',
    input: z.object({ name: text(1, 16), icon: z.enum(BADGE_ICONS), colour: z.string().check(z.regex(/^#[0-9a-f]{6}$/i, 'expected a #rrggbb colour')) }),
    output: z.object({ badge: PartnerBadge, ...PartnerBadges.shape }),
  }),
  'partnership-plus.change-badges': method({
    doc: "Shows exactly these badges (at most 3 of the partner's own; an empty list shows none); INPUT_ERROR for another's badge.",
    access: 'user',
    input: z.object({ ids: list(hashId(), 3) }),
    output: PartnerBadges,
  }),
  'partnership-plus.change-referral-badges': method({
    doc: "Sets the badge each referral rank wears (an own badge's id, '' for none; a rank left out keeps its badge).",
    access: 'user',
    input: z.object({ S: BADGE_REF, A: BADGE_REF, B: BADGE_REF, C: BADGE_REF, D: BADGE_REF, E: BADGE_REF }),
    output: PartnerBadges,
  }),
  'partnership-plus.get-admin-settings': method({
    doc: 'The deal terms of the programme; partnership staff only (scope 2+ or marketing, ACCESS_DENIED otherwise).',
    access: 'user',
    input: z.object({}),
    output: z.object({ settings: DealTermsEntry, changed_at: z.nullable(z.number()), changed_by: z.nullable(z.string()) }),
  }),
  'partnership-plus.change-admin-settings': method({
    doc: 'Sets the deal terms (least deal in cents, wager multiplier 1-100, days 1-90, deals open or closed); staff only. Running deals keep their terms.',
    access: 'user',
    input: z.object({ deals_enabled: flag(), deal_min: cents(), deal_wager_multiplier: int(), deal_days: int() }),
    output: z.object({ settings: DealTermsEntry, changed_at: z.nullable(z.number()), changed_by: z.nullable(z.string()) }),
  }),
  'partnership-plus.connect-kick': method({
    doc: "Links the Kick channel the partner streams (the sim's streams console is its Kick); KICK_ACCOUNT_NOT_LINKED when this account never streamed it, INVALID_DATA when another player linked it.",
    access: 'user',
    input: z.object({ name: text(1, 40) }),
    output: z.object({ kick: z.object({ name: z.string(), linked_at: z.number() }) }),
  }),
  'partnership-plus.join-stream-club': unshown({ doc: 'Joins the stream club (COMMIT_ERROR, KICK_ACCOUNT_NOT_LINKED stay silent).', access: 'user', planned: true }),
  'partnership-plus.leave-stream-club': unshown({ doc: 'Leaves the stream club.', access: 'user', planned: true }),
  'partnership-plus.endpoint': method({
    doc: "The read-only partner API: partnership-plus.home for the API token's partner; a wrong or replaced token is ACCESS_DENIED.",
    access: 'public',
    input: z.object({ token: text(1, 128) }),
    output: PartnerHome,
  }),
  'partnership-plus.close-party': unshown({ doc: "Closes the partner's active stream party (the ACTIVE_STREAM_PARTY_EXISTS flow).", access: 'user', planned: true }),

  'partnership-plus.deal': method({
    doc: "The partner's latest deal (null before the first), the terms, their tier and the largest deal it allows (docs/decisions/0028).",
    access: 'user',
    input: z.object({}),
    output: z.object({ deal: z.nullable(PartnerDeal), terms: DealTermsEntry, tier: PartnerTierEntry, settings: DealSettings }),
  }),
  'partnership-plus.confirm-deal': method({
    doc: "Confirms a deal of `amount` cents: the sponsor offers it as credit (claim-credit pays it) against amount x multiplier wagered. INPUT_ERROR outside the least deal and the tier's cap, INVALID_DATA while a deal runs or deals are closed.",
    access: 'user',
    money: true,
    input: z.object({ amount: cents(), stamp: stamp() }),
    output: z.object({ deal: PartnerDeal }),
  }),
  'partnership-plus.deal-settings-action': method({
    doc: "cancel: ends the running deal, withdraws its unclaimed offer and gives the sponsored coins still held back to the sponsor. renew: starts a deal now with the renewal amount. INVALID_DATA when there is nothing to cancel or a deal runs.",
    access: 'user',
    money: true,
    input: z.object({ action: z.enum(['cancel', 'renew']), stamp: stamp() }),
    output: z.object({ deal: PartnerDeal, returned: z.number() }),
  }),
  'partnership-plus.deal-settings': method({
    doc: "The partner's deal preferences: renew when a deal ends, the amount, and the time of the UTC day the sponsor pays credit.",
    access: 'user',
    input: z.object({}),
    output: DealSettings,
  }),
  'partnership-plus.change-deal-settings': method({
    doc: 'Sets renewal on or off and its amount (0, or a deal amount the tier allows: INPUT_ERROR otherwise).',
    access: 'user',
    input: z.object({ auto_renew: flag(), renew_amount: cents(0) }),
    output: DealSettings,
  }),
  'partnership-plus.roi': method({
    doc: "The return of the latest deal so far: the house edge on what the referrals wagered since it was confirmed (until it ended), over its amount; deal null before the first.",
    access: 'user',
    input: z.object({}),
    output: z.object({ deal: z.nullable(PartnerDeal), wagered: z.number(), edge: z.number(), roi: z.number() }),
  }),
  'partnership-plus.deal-estimate-roi': method({
    doc: 'What a deal of `amount` cents would likely return: the referrals wagering at their last-30-days pace for the deal\'s days, the house edge on that over the amount.',
    access: 'user',
    input: z.object({ amount: cents() }),
    output: z.object({ amount: z.number(), wager_goal: z.number(), days: z.number(), expected_wagered: z.number(), expected_edge: z.number(), roi: z.number() }),
  }),

  'partnership-plus.claim-earn': method({
    doc: 'Pays the earnings not yet claimed into the wallet (history partnership_earned); COMMIT_ERROR under 20 referrals or with nothing to claim.',
    access: 'user',
    money: true,
    input: z.object({ stamp: stamp() }),
    output: z.object({ amount: z.number(), earnings: PartnerEarnings }),
  }),
  'partnership-plus.claim-credit': method({
    doc: "A club member claims the sponsor's credit into the wallet as sponsored coins and starts the wager challenge; DASHBOARD_ACCESS_DENIED for others, INVALID_DATA when nothing is offered or a challenge runs.",
    access: 'user',
    money: true,
    input: z.object({ stamp: stamp() }),
    output: z.object({ success: z.literal(true), balance: z.number(), borrow: z.number(), challenge: SponsorChallenge }),
  }),
  'partnership-plus.remove-credit': method({
    doc: "Gives the sponsored coins still in the wallet back to the sponsor and ends the challenge; INVALID_DATA when nothing is sponsored.",
    access: 'user',
    money: true,
    input: z.object({ stamp: stamp() }),
    output: z.object({ success: z.literal(true), balance: z.number(), returned: z.number() }),
  }),
  'partnership-plus.change-credit-time': method({
    doc: 'Sets the time of the UTC day (seconds, 0-86399) a renewing deal offers its credit; answers the dashboard\'s sponsor block.',
    access: 'user',
    input: z.object({ time_offset: int() }),
    output: z.object({ sponsor: z.object({ next_time_at: z.nullable(z.number()), time_offset: z.number() }) }),
  }),
  'partnership-plus.expenses': method({
    doc: "What the partner spent on the partnership: race prizes held less refunds, in total and as pages of entries newest first (`offset`: the last entry's hash).",
    access: 'user',
    input: z.object({ ...paging }),
    output: z.object({ total: z.number(), by_type: z.record(z.string(), z.number()), entries: z.array(PartnerExpense), has_more: z.boolean() }),
  }),

  'partnership-plus.change-code': method({
    doc: "Sets the partner's code: 28 against the username rules, 29 when taken (docs/decisions/0022).",
    access: 'user',
    input: z.object({ code: text(1, 64) }),
    output: z.object({ code: z.string() }),
  }),
  'partnership-plus.activate-code': method({
    doc: "Activates a code typed on the partnership-plus screens: three dash-separated groups of five is a gift code (as wallet.gift), anything else a referral code (as partnership.activateCode: 28, 29, CODE_ACTIVATION_DELAY).",
    access: 'user',
    money: true,
    input: z.object({ code: text(1, 64), anonymous: z.optional(flag()), stamp: stamp() }),
    output: z.object({ success: z.boolean(), kind: z.enum(['gift', 'referral']), cause: z.optional(z.string()) }),
  }),
  'partnership-plus.change-api-token': method({
    doc: "A new API token, shown once; the old one stops working.",
    access: 'user',
    input: z.object({}),
    output: z.object({ api_token: z.string() }),
  }),

  'partnership-plus.party-settings': unshown({ doc: 'Default settings of the partner stream parties.', access: 'user', planned: true }),
  'partnership-plus.change-party-settings': unshown({ doc: 'Changes the party settings.', access: 'user', planned: true }),
  'partnership-plus.change-party-settings-advanced': unshown({ doc: 'Changes the advanced party settings.', access: 'user', planned: true }),
  'partnership-plus.buy-party-fuel': unshown({ doc: 'Buys party fuel.', access: 'user', money: true, planned: true }),

  'partnership-plus.referral-rank': method({
    doc: "One referral's rank; 30 'User not found.' for anyone not this partner's referral.",
    access: 'user',
    input: z.object({ hash: hashId() }),
    output: z.object({ hash: z.string(), rank: z.enum(REFERRAL_RANKS), wagered: z.number() }),
  }),
  'partnership-plus.ranks-referrals': method({
    doc: "How many referrals hold each rank, with the scheme.",
    access: 'user',
    input: z.object({}),
    output: z.object({ scheme: RankScheme, ranks: z.object({ S: z.number(), A: z.number(), B: z.number(), C: z.number(), D: z.number(), E: z.number() }) }),
  }),
  'partnership-plus.change-ranks-scheme': method({
    doc: "Sets the least wagered (cents) for S to D, strictly falling (INPUT_ERROR otherwise).",
    access: 'user',
    input: z.object({ S: cents(0), A: cents(0), B: cents(0), C: cents(0), D: cents(0) }),
    output: z.object({ scheme: RankScheme }),
  }),
  'partnership-plus.ban-referral': method({
    doc: "Takes a referral off the list and refuses them the code (29); 30 for anyone not this partner's referral.",
    access: 'user',
    input: z.object({ hash: hashId() }),
    output: z.object({ success: z.literal(true) }),
  }),

  'partnership-plus-admin.members': method({
    doc: "Pages of partners and club members with their figures; scope 2+ or marketing, ACCESS_DENIED otherwise.",
    access: 'user',
    input: z.object({ ...paging }),
    output: z.object({
      members: z.array(z.object({ hash: z.string(), name: z.string(), code: z.string(), tags: z.array(z.string()), referrals: z.number(), wagered: z.number(), earned: z.number() })),
      has_more: z.boolean(),
    }),
  }),
};
