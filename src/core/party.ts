/**
 * Stream party rules both sides share (document 3 sections 4 and 5; docs/decisions/0027):
 * the tier ticket, the published participants commitment, and who may be drawn for a tier.
 * Anyone can rerun `partyTicket` on a finished tier's record.
 */
import type { PartyMode } from '../contract/index.ts';
import { sha256Hex } from './fair-ticket.ts';

/** The fixed invite code of official parties (document 3 section 5). */
export const OFFICIAL_INVITE_CODE = 'skinfans';

/** Tier timer colours: orange under 60 s, red at 10 s or less (document 3 section 9). */
export const TIER_TIMER_ORANGE_MS = 60_000;
export const TIER_TIMER_RED_MS = 10_000;
/** The winner roulette spins 4 s over 30 units; the winner banner stays 3 s. */
export const PARTY_ROULETTE_MS = 4_000;
export const PARTY_ROULETTE_UNITS = 30;
export const PARTY_WINNER_BANNER_MS = 3_000;

/**
 * The tier ticket: the first 7 hex characters of the tier's server seed as a number, modulo
 * the participants count, plus 1 (1-based position in the published list). 0 when nobody
 * takes part: the tier completes without a winner.
 */
export function partyTicket(serverSeed: string, participants: number): number {
  if (!/^[0-9a-f]{7}/i.test(serverSeed)) throw new Error('partyTicket: the server seed must start with 7 hex characters');
  if (!Number.isInteger(participants) || participants < 0) throw new Error('partyTicket: participants must be a count');
  if (participants === 0) return 0;
  return (Number.parseInt(serverSeed.slice(0, 7), 16) % participants) + 1;
}

/** The commitment published before a tier's draw: SHA-256 of the participants' hashes, in list order, joined by commas. */
export function partyParticipantsHash(participants: readonly string[]): string {
  return sha256Hex(participants.join(','));
}

/** The winner of a tier from its published record, or null when nobody took part. */
export function partyWinner(serverSeed: string, participants: readonly string[]): string | null {
  const ticket = partyTicket(serverSeed, participants.length);
  return ticket === 0 ? null : participants[ticket - 1]!;
}

/** A member's standing that the tier rules look at; null rank or race: none. */
export interface PartyStats {
  level: number;
  /** Referral rank of the host's scheme, 1 (S) to 6 (E). */
  rank: number | null;
  /** Place in today's race, 1 first. */
  race: number | null;
}

/** A tier's requirement: the one its party's mode reads. */
export interface TierRequirement {
  required_level: number;
  required_rank: number;
  required_race: number;
}

/**
 * The tier membership rule (document 3 section 4): race mode takes a race place at or below
 * the tier's, rank mode a rank at or below it, otherwise a level at or above it.
 */
export function meetsTier(mode: PartyMode, stats: PartyStats, tier: TierRequirement): boolean {
  if (mode === 'race') return stats.race !== null && stats.race <= tier.required_race;
  if (mode === 'rank') return stats.rank !== null && stats.rank <= tier.required_rank;
  return stats.level >= tier.required_level;
}

/** The party duration as the modal shows it: whole minutes as d/h/m. */
export function partyDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d ? `${d}d` : '', h ? `${h}h` : '', `${m}m`].filter(Boolean).join(' ');
}

/** The tier timer's colour for the time left. */
export function tierTimerTone(leftMs: number): 'normal' | 'orange' | 'red' {
  if (leftMs <= TIER_TIMER_RED_MS) return 'red';
  return leftMs < TIER_TIMER_ORANGE_MS ? 'orange' : 'normal';
}

/** A tier's prize (docs/decisions/0027, amended): a Deposit Bonus booster or a coins card worth the tier's value. */
export interface PartyPrize {
  type: 'booster' | 'card';
  /** The booster kind, or the card kind. */
  kind: 'deposit_bonus' | 'free_coins';
  name: string;
  rarity: 'low' | 'medium' | 'high' | 'gold' | 'ultra';
}

/**
 * Tier 1 gives a Deposit Bonus booster whose bonus cap is the tier's value; tiers 2 and 3 a
 * coins card of the tier's value. Either way the winner can get at most the value, which is
 * what the fuel (or, on official parties, the house) paid for it.
 */
export function partyPrize(tier: number, valueCents: number): PartyPrize {
  const rarity = valueCents >= 50_000 ? 'ultra' : valueCents >= 10_000 ? 'gold' : valueCents >= 3_000 ? 'high' : valueCents >= 1_000 ? 'medium' : 'low';
  if (tier === 1) return { type: 'booster', kind: 'deposit_bonus', name: 'Deposit Bonus', rarity };
  return { type: 'card', kind: 'free_coins', name: 'Coins card', rarity };
}

/**
 * A party's deposit-bonus goals (docs/decisions/0036): when the deposits its participants
 * make while they take part reach a goal, every participant at that moment gets a Deposit
 * Bonus booster of the goal's level (`percent` on top of their next deposits, up to
 * `bonus_max` cents), once per goal and participant.
 */
export interface PartyDepositGoal {
  number: number;
  /** Cents of participants' deposits that reach the goal. */
  amount: number;
  /** The booster's bonus on a deposit, in percent. */
  percent: number;
  /** The booster's cap, in cents. */
  bonus_max: number;
}

export const PARTY_DEPOSIT_GOALS: readonly PartyDepositGoal[] = [
  { number: 1, amount: 10_000, percent: 5, bonus_max: 500 },
  { number: 2, amount: 50_000, percent: 10, bonus_max: 1_500 },
  { number: 3, amount: 200_000, percent: 15, bonus_max: 5_000 },
];

/** How many goals `depositedCents` reaches. */
export const depositGoalsReached = (depositedCents: number): number => PARTY_DEPOSIT_GOALS.filter((g) => depositedCents >= g.amount).length;

/** A goal's booster as the booster's own multiplier (1000 = x1). */
export const depositGoalMultiplierMilli = (goal: PartyDepositGoal): number => 1000 + goal.percent * 10;
