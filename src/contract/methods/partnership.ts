import { method } from '../define.ts';
import { BADGE_ICONS, DealSettings, DealTermsEntry, PARTNER_PERIODS, PARTNER_RACE_CATEGORIES, REFERRAL_RANKS, RankScheme, PartnerBadge, PartnerBadges, PartnerDeal, PartnerExpense, PartnerTierEntry, PartnerEarnings, PartnerPeriodFigures, PartnerRace, PartnerRaceStanding, Referral, ReferralEntry, SponsorChallenge } from '../entities.ts';
import { built, cents, choice, flag, hashId, int, list, paging, stamp, text, z } from '../wire.ts';

/** A badge for a referral rank: an own badge's id, or '' for none. */
const BADGE_REF = z.lazy(() => z.optional(z.union([z.literal(''), hashId()])));

/** The partnership-plus home figures (also the partner API's answer). */
/** A referral in the partnership-plus list: the partnership entry with its rank and the badge the rank wears. */
const RankedReferral = z.lazy(() => z.object({ ...built(ReferralEntry).shape, rank: z.enum(REFERRAL_RANKS), badge: z.nullable(PartnerBadge) }));

const PartnerHome = z.lazy(() => z.object({
  code: z.string(),
  earnings: PartnerEarnings,
  periods: z.object({ day: PartnerPeriodFigures, week: PartnerPeriodFigures, month: PartnerPeriodFigures, all: PartnerPeriodFigures }),
}));

/** What a partner race is made of: a name, its places, the prize in cents and how long it runs in seconds. */
const raceFields = () => ({
  name: text(1, 40),
  category: choice(PARTNER_RACE_CATEGORIES),
  prize: cents(),
  duration: int(),
});

/**
 * Partnership, partnership-plus and its admin calls (document 3 section 7; the apply-code
 * call also document 2). The spec shows no partnership-plus payloads.
 */
export const partnershipMethods = {
  'partnership.referrals': () => method({
    doc: "The player's own partner figures and a page of their referrals, newest first (`offset`: the last hash of the previous page). Earnings are the partner's tier share (up to 10%) of the referrals' deposits, in cents (docs/decisions/0011).",
    access: 'user',
    input: z.object({ ...paging() }),
    output: z.object({
      code: z.string(),
      earnings: PartnerEarnings,
      referrals: z.array(ReferralEntry),
      has_more: z.boolean(),
    }),
  }),
  'partnership.visit': () => method({
    doc: "Counts one visit of a partner's invite link (/p/{code}, /r/{code}); answers whether the code is a partner's.",
    access: 'public',
    input: z.object({ code: text(1, 64) }),
    output: z.object({ success: z.boolean() }),
  }),
  'partnership.activateCode': () => method({
    doc: "Applies a partner's referral code (username rules; 28 'Invalid code', 29 for one's own), optionally hidden from the partner's list; referred deposits then earn the 5% bonus. Changing partner waits a day (CODE_ACTIVATION_DELAY).",
    access: 'user',
    money: true,
    input: z.object({ code: text(1, 64), anonymous: z.optional(flag()), stamp: stamp() }),
    output: z.object({ success: z.boolean() }),
  }),
  'partnership.getPartner': () => method({
    doc: "The player's referral data: partner, code, the deposit bonus and what it paid today.",
    access: 'user',
    input: z.object({}),
    output: Referral,
  }),

  'partnership-plus.dashboard': () => method({
    doc: "A partner's or club member's figures over a period (day, week, month, all; default week): sums, days and the sponsor credit (docs/decisions/0022). DASHBOARD_ACCESS_DENIED for others.",
    access: 'user',
    input: z.object({ period: z.optional(z.enum(PARTNER_PERIODS)) }),
    output: z.object({
      period: z.enum(PARTNER_PERIODS),
      figures: PartnerPeriodFigures,
      series: z.array(z.object({ at: z.number(), ...built(PartnerPeriodFigures).shape })),
      credit: z.object({
        balance: z.number(),
        borrow: z.number(),
        sponsor: z.object({ next_time_at: z.nullable(z.number()), time_offset: z.number() }),
        challenge: z.nullable(SponsorChallenge),
      }),
    }),
  }),
  'partnership-plus.home': () => method({
    doc: "The partner's code, earnings and the figures of every period (docs/decisions/0022).",
    access: 'user',
    input: z.object({}),
    output: PartnerHome,
  }),
  'partnership-plus.race': () => method({
    doc: 'One partner race with its standing (the leaders and what each place pays); RACE_NOT_FOUND (the client goes to /404) unless the player runs it or is a referral of who does.',
    access: 'user',
    input: z.object({ id: hashId() }),
    output: z.object({ race: PartnerRace, standings: z.array(PartnerRaceStanding) }),
  }),
  'partnership-plus.race-metadata': () => method({
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
  'partnership-plus.create-race': () => method({
    doc: "Starts a race for the partner's referrals, holding the prize (cents) from the partner's balance (COMMIT_ERROR when it does not cover it); partners and club members only (DASHBOARD_ACCESS_DENIED).",
    access: 'user',
    money: true,
    input: z.object({ ...raceFields(), stamp: stamp() }),
    output: z.object({ race: PartnerRace }),
  }),
  'partnership-plus.change-race': () => method({
    doc: 'Changes a running race (name, places, prize, duration from now); a bigger prize holds the difference, a smaller one gives it back. RACE_NOT_FOUND for another partner\'s race.',
    access: 'user',
    money: true,
    input: z.object({ id: hashId(), ...raceFields(), stamp: stamp() }),
    output: z.object({ race: PartnerRace }),
  }),
  'partnership-plus.cancel-race': () => method({
    doc: "Cancels a running race and gives the held prize back. RACE_NOT_FOUND for another partner's race.",
    access: 'user',
    money: true,
    input: z.object({ id: hashId(), stamp: stamp() }),
    output: z.object({ race: PartnerRace }),
  }),
  'partnership-plus.races': () => method({
    doc: "Pages of races newest first (`offset`: the last race's id): a partner's own, or for a referral their partner's.",
    access: 'user',
    input: z.object({ ...paging() }),
    output: z.object({ races: z.array(PartnerRace), has_more: z.boolean() }),
  }),
  'partnership-plus.referrals': () => method({
    doc: "Pages of the partner's referrals newest first, with ranks (`offset`: the last hash).",
    access: 'user',
    input: z.object({ ...paging() }),
    output: z.object({ referrals: z.array(RankedReferral), has_more: z.boolean(), scheme: RankScheme }),
  }),
  'partnership-plus.tiers': () => method({
    doc: "The partner tiers; for a partner also their level (docs/decisions/0028).",
    access: 'public',
    input: z.object({}),
    output: z.object({ tiers: z.array(PartnerTierEntry), level: z.nullable(z.number()), wagered: z.nullable(z.number()) }),
  }),

  'partnership-plus.prepare-badge': () => method({
    doc: "A new inactive badge; at most 12.",
    access: 'user',
    input: z.object({ name: text(1, 16), icon: z.enum(BADGE_ICONS), colour: z.string().check(z.regex(/^#[0-9a-f]{6}$/i, 'expected a #rrggbb colour')) }),
    output: z.object({ badge: PartnerBadge, ...built(PartnerBadges).shape }),
  }),
  'partnership-plus.change-badges': () => method({
    doc: "Shows these own badges (at most 3).",
    access: 'user',
    input: z.object({ ids: list(hashId(), 3) }),
    output: PartnerBadges,
  }),
  'partnership-plus.change-referral-badges': () => method({
    doc: "The badge each referral rank wears ('' none).",
    access: 'user',
    input: z.object({ S: BADGE_REF, A: BADGE_REF, B: BADGE_REF, C: BADGE_REF, D: BADGE_REF, E: BADGE_REF }),
    output: PartnerBadges,
  }),
  'partnership-plus.get-admin-settings': () => method({
    doc: "The deal terms; partnership staff only.",
    access: 'user',
    input: z.object({}),
    output: z.object({ settings: DealTermsEntry, changed_at: z.nullable(z.number()), changed_by: z.nullable(z.string()) }),
  }),
  'partnership-plus.change-admin-settings': () => method({
    doc: "Sets the deal terms; partnership staff only.",
    access: 'user',
    input: z.object({ deals_enabled: flag(), deal_min: cents(), deal_wager_multiplier: int(), deal_days: int() }),
    output: z.object({ settings: DealTermsEntry, changed_at: z.nullable(z.number()), changed_by: z.nullable(z.string()) }),
  }),
  'partnership-plus.connect-kick': () => method({
    doc: "Links a Kick channel the player streamed (KICK_ACCOUNT_NOT_LINKED).",
    access: 'user',
    input: z.object({ name: text(1, 40) }),
    output: z.object({ kick: z.object({ name: z.string(), linked_at: z.number() }) }),
  }),
  'partnership-plus.endpoint': () => method({
    doc: "The read-only partner API: partnership-plus.home for the API token's partner; a wrong or replaced token is ACCESS_DENIED.",
    access: 'public',
    input: z.object({ token: text(1, 128) }),
    output: PartnerHome,
  }),

  'partnership-plus.deal': () => method({
    doc: "The latest deal, the terms, the tier and the renewal settings.",
    access: 'user',
    input: z.object({}),
    output: z.object({ deal: z.nullable(PartnerDeal), terms: DealTermsEntry, tier: PartnerTierEntry, settings: DealSettings }),
  }),
  'partnership-plus.confirm-deal': () => method({
    doc: "Starts a deal: the sponsor offers `amount` as credit.",
    access: 'user',
    money: true,
    input: z.object({ amount: cents(), stamp: stamp() }),
    output: z.object({ deal: PartnerDeal }),
  }),
  'partnership-plus.deal-settings-action': () => method({
    doc: "cancel (gives sponsored coins back) or renew the deal.",
    access: 'user',
    money: true,
    input: z.object({ action: z.enum(['cancel', 'renew']), stamp: stamp() }),
    output: z.object({ deal: PartnerDeal, returned: z.number() }),
  }),
  'partnership-plus.deal-settings': () => method({
    doc: "The renewal settings.",
    access: 'user',
    input: z.object({}),
    output: DealSettings,
  }),
  'partnership-plus.change-deal-settings': () => method({
    doc: "Sets renewal and its amount.",
    access: 'user',
    input: z.object({ auto_renew: flag(), renew_amount: cents(0) }),
    output: DealSettings,
  }),
  'partnership-plus.roi': () => method({
    doc: "The latest deal's return so far.",
    access: 'user',
    input: z.object({}),
    output: z.object({ deal: z.nullable(PartnerDeal), wagered: z.number(), edge: z.number(), roi: z.number() }),
  }),
  'partnership-plus.deal-estimate-roi': () => method({
    doc: "The likely return of a deal of `amount`.",
    access: 'user',
    input: z.object({ amount: cents() }),
    output: z.object({ amount: z.number(), wager_goal: z.number(), days: z.number(), expected_wagered: z.number(), expected_edge: z.number(), roi: z.number() }),
  }),

  'partnership-plus.claim-earn': () => method({
    doc: 'Pays the earnings not yet claimed into the wallet (history partnership_earned); COMMIT_ERROR under 20 referrals or with nothing to claim.',
    access: 'user',
    money: true,
    input: z.object({ stamp: stamp() }),
    output: z.object({ amount: z.number(), earnings: PartnerEarnings }),
  }),
  'partnership-plus.claim-credit': () => method({
    doc: "A club member claims the sponsor's credit into the wallet as sponsored coins and starts the wager challenge; DASHBOARD_ACCESS_DENIED for others, INVALID_DATA when nothing is offered or a challenge runs.",
    access: 'user',
    money: true,
    input: z.object({ stamp: stamp() }),
    output: z.object({ success: z.literal(true), balance: z.number(), borrow: z.number(), challenge: SponsorChallenge }),
  }),
  'partnership-plus.remove-credit': () => method({
    doc: "Gives the sponsored coins still in the wallet back to the sponsor and ends the challenge; INVALID_DATA when nothing is sponsored.",
    access: 'user',
    money: true,
    input: z.object({ stamp: stamp() }),
    output: z.object({ success: z.literal(true), balance: z.number(), returned: z.number() }),
  }),
  'partnership-plus.change-credit-time': () => method({
    doc: "Sets the credit time (seconds into the UTC day).",
    access: 'user',
    input: z.object({ time_offset: int() }),
    output: z.object({ sponsor: z.object({ next_time_at: z.nullable(z.number()), time_offset: z.number() }) }),
  }),
  'partnership-plus.expenses': () => method({
    doc: "What the partner spent, in total and paged.",
    access: 'user',
    input: z.object({ ...paging() }),
    output: z.object({ total: z.number(), by_type: z.record(z.string(), z.number()), entries: z.array(PartnerExpense), has_more: z.boolean() }),
  }),

  'partnership-plus.change-code': () => method({
    doc: "Sets the partner's code: 28 against the username rules, 29 when taken (docs/decisions/0022).",
    access: 'user',
    input: z.object({ code: text(1, 64) }),
    output: z.object({ code: z.string() }),
  }),
  'partnership-plus.activate-code': () => method({
    doc: "A gift code (as wallet.gift) or a referral code (as partnership.activateCode).",
    access: 'user',
    money: true,
    input: z.object({ code: text(1, 64), anonymous: z.optional(flag()), stamp: stamp() }),
    output: z.object({ success: z.boolean(), kind: z.enum(['gift', 'referral']), cause: z.optional(z.string()) }),
  }),
  'partnership-plus.change-api-token': () => method({
    doc: "A new API token, shown once; the old one stops working.",
    access: 'user',
    input: z.object({}),
    output: z.object({ api_token: z.string() }),
  }),


  'partnership-plus.referral-rank': () => method({
    doc: "One referral's rank; 30 'User not found.' for anyone not this partner's referral.",
    access: 'user',
    input: z.object({ hash: hashId() }),
    output: z.object({ hash: z.string(), rank: z.enum(REFERRAL_RANKS), wagered: z.number() }),
  }),
  'partnership-plus.ranks-referrals': () => method({
    doc: "How many referrals hold each rank, with the scheme.",
    access: 'user',
    input: z.object({}),
    output: z.object({ scheme: RankScheme, ranks: z.object({ S: z.number(), A: z.number(), B: z.number(), C: z.number(), D: z.number(), E: z.number() }) }),
  }),
  'partnership-plus.change-ranks-scheme': () => method({
    doc: "Sets the least wagered (cents) for S to D, strictly falling (INPUT_ERROR otherwise).",
    access: 'user',
    input: z.object({ S: cents(0), A: cents(0), B: cents(0), C: cents(0), D: cents(0) }),
    output: z.object({ scheme: RankScheme }),
  }),
  'partnership-plus.ban-referral': () => method({
    doc: "Takes a referral off the list and refuses them the code (29); 30 for anyone not this partner's referral.",
    access: 'user',
    input: z.object({ hash: hashId() }),
    output: z.object({ success: z.literal(true) }),
  }),

  'partnership-plus-admin.members': () => method({
    doc: "Pages of partners and club members with their figures; scope 2+ or marketing, ACCESS_DENIED otherwise.",
    access: 'user',
    input: z.object({ ...paging() }),
    output: z.object({
      members: z.array(z.object({ hash: z.string(), name: z.string(), code: z.string(), tags: z.array(z.string()), referrals: z.number(), wagered: z.number(), earned: z.number() })),
      has_more: z.boolean(),
    }),
  }),
};
