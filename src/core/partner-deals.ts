/**
 * Partner tiers, deals and their return (partnership-plus; docs/decisions/0028). Pure rules:
 * the sim-server applies them, the client shows the same numbers.
 */
import { CASE_HOUSE_EDGE } from './drop-pool.ts';

/** A partner tier: reached when the referrals have wagered `min_wagered` cents (net of refunds). */
export interface PartnerTier {
  level: number;
  name: string;
  min_wagered: number;
  /** The largest sponsor deal (cents) a partner of this tier may confirm. */
  deal_cap: number;
  /** The share of each referral's deposit the partner earns at this tier, in percent (document 3: "up to 10%"). */
  earning_percent: number;
}

/** The most a partner earns of a referral's deposit (document 3 sections 1 and 9). */
export const PARTNER_EARNING_MAX_PERCENT = 10;

/** The tiers, lowest first; every partner is at least level 1. */
export const PARTNER_TIERS: readonly PartnerTier[] = [
  { level: 1, name: 'Bronze', min_wagered: 0, deal_cap: 50_000, earning_percent: 5 },
  { level: 2, name: 'Silver', min_wagered: 100_000, deal_cap: 200_000, earning_percent: 6 },
  { level: 3, name: 'Gold', min_wagered: 1_000_000, deal_cap: 1_000_000, earning_percent: 7 },
  { level: 4, name: 'Platinum', min_wagered: 10_000_000, deal_cap: 5_000_000, earning_percent: 8 },
  { level: 5, name: 'Diamond', min_wagered: 100_000_000, deal_cap: 20_000_000, earning_percent: PARTNER_EARNING_MAX_PERCENT },
];

/**
 * What a referral's deposit of `cents` earns their partner at `tier`, in thousandths of a cent
 * (docs/decisions/0011): cents x percent / 100, exact as cents x percent x 10.
 */
export function partnerDepositEarningMilli(cents: number, tier: Pick<PartnerTier, 'earning_percent'>): number {
  return cents * tier.earning_percent * 10;
}

/** The tier a partner whose referrals wagered `wagered` cents is in. */
export function partnerTier(wagered: number): PartnerTier {
  let tier = PARTNER_TIERS[0]!;
  for (const t of PARTNER_TIERS) if (wagered >= t.min_wagered) tier = t;
  return tier;
}

/** The programme's deal terms, set by partnership staff. */
export interface DealTerms {
  deals_enabled: boolean;
  /** The smallest deal in cents. */
  deal_min: number;
  /** The credit must be wagered this many times before it is the partner's own. */
  deal_wager_multiplier: number;
  /** How long a deal runs. */
  deal_days: number;
}

export const DEFAULT_DEAL_TERMS: DealTerms = { deals_enabled: true, deal_min: 10_000, deal_wager_multiplier: 10, deal_days: 30 };

/** Bounds staff may set the terms within. */
export const DEAL_TERM_LIMITS = { multiplier: [1, 100], days: [1, 90] } as const;

/** Why a deal amount is refused, or null when the tier and the terms allow it. */
export function dealAmountProblem(amount: number, terms: DealTerms, tier: PartnerTier): string | null {
  if (amount < terms.deal_min) return `amount: at least ${terms.deal_min} cents`;
  if (amount > tier.deal_cap) return `amount: at most ${tier.deal_cap} cents at tier ${tier.name}`;
  return null;
}

/** A return as a fraction of the amount, kept to four places (0.1234 = 12.34%). */
function fraction(edge: number, amount: number): number {
  return amount > 0 ? Math.round((edge / amount) * 10_000) / 10_000 : 0;
}

/** The house edge (cents, rounded down) on `wagered` cents at the case edge the sponsor prices with. */
export function dealHouseEdge(wagered: number): number {
  return Math.floor((Math.max(0, wagered) * Math.round(CASE_HOUSE_EDGE * 1000)) / 1000);
}

/**
 * The estimate before a deal: the referrals keep wagering at their last-30-days pace for the
 * deal's days, and the sponsor's return is the house edge on that, against the credit.
 */
export function estimateDealRoi(input: { amount: number; monthWagered: number; terms: DealTerms }) {
  const { amount, monthWagered, terms } = input;
  const expected_wagered = Math.floor((monthWagered * terms.deal_days) / 30);
  const expected_edge = dealHouseEdge(expected_wagered);
  return { amount, wager_goal: amount * terms.deal_wager_multiplier, days: terms.deal_days, expected_wagered, expected_edge, roi: fraction(expected_edge, amount) };
}

/** The return of a running or ended deal: the house edge on what the referrals wagered under it. */
export function dealRoi(amount: number, wagered: number) {
  const edge = dealHouseEdge(wagered);
  return { wagered: Math.max(0, wagered), edge, roi: fraction(edge, amount) };
}

const DAY_S = 86_400;

/** The first moment at or after `fromS` (unix seconds) that is `timeOffset` seconds into a UTC day. */
export function nextCreditTime(fromS: number, timeOffset: number): number {
  const dayStart = Math.floor(fromS / DAY_S) * DAY_S;
  const candidate = dayStart + timeOffset;
  return candidate >= fromS ? candidate : candidate + DAY_S;
}

/** A partner keeps at most this many badges, and shows at most `BADGES_ACTIVE_MAX`. */
export const BADGES_MAX = 12;
export const BADGES_ACTIVE_MAX = 3;
