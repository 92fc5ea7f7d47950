/**
 * Stream parties' rows and what the wire shows of them (docs/decisions/0027). A party is a
 * host's (a stream-club partner's, or the operator's official one), runs three tiers drawn in
 * order as its air time passes their time_at, and takes members by the spec's conditions.
 */
import { randomBytes } from 'node:crypto';
import { NamedError, NumericError, PARTY_TIERS, REFERRAL_RANKS, type PartyMode, type StreamParty } from '../../../src/contract/index.ts';
import { OFFICIAL_INVITE_CODE, PARTY_DEPOSIT_GOALS, levelForExp, meetsTier, parseHash, partyPrize, sha256Hex, toHash, type PartyPrize, type PartyStats } from '../../../src/core/index.ts';
import { filterInOrder, lockedIn, mapInOrder, type Db, type Tx } from '../../db/database.ts';
import { wageredSince } from '../../db/ledger.ts';
import { fail } from '../../errors.ts';
import type { Services } from '../../rpc/context.ts';
import { publicUser, type UserRow } from '../../kernel/users.ts';
import type { CatalogView } from '../cases/catalog-store.ts';
import { rankFor, schemeOf } from '../partnership/ranks.ts';
import { placeOfDay } from '../progression/race.ts';

/** Air time between tiers: tier n is drawn at n times this (docs/decisions/0027). */
export const TIER_EVERY_MS = 10 * 60_000;
/** A tier's participant list is published this long (of air time) before its draw. */
export const TIER_LOCK_MS = 10_000;
/** A party whose host stays off air this long is closed (the inactive message's "may be closed"). */
export const INACTIVE_CLOSE_MS = 60 * 60_000;
/** A party whose tiers are all drawn stays this long, so its last roulette and winner are seen, then closes. */
export const FINISHED_LINGER_MS = 60_000;
/** Official parties' prize values (cents), tier by tier; the house pays them. */
export const OFFICIAL_PRIZES = [1_000, 3_000, 10_000];
/** How a partner's fuel is split over the tiers (percent). */
export const FUEL_SPLIT = [20, 30, 50];
/** The house account that holds partners' fuel until a tier is drawn or refunded. */
export const PARTY_HOUSE = { house: 'party' } as const;
/** Default join conditions of a partner's parties: no wager, a 5-day period, level 0. */
export const DEFAULT_CONDITIONS = { min_wagered: 0, min_period_days: 5, min_level: 0 };

export interface PartyRow {
  id: number;
  host_id: number;
  official: number;
  mode: PartyMode;
  status: 'active' | 'inactive' | 'closed';
  min_wagered: number;
  min_period: number;
  min_level: number;
  invite_code: string;
  background: string | null;
  fuel: number;
  air_time: number;
  ticked_at: number;
  inactive_since: number | null;
  created_at: number;
  closed_at: number | null;
  /** Cents its participants deposited while taking part (docs/decisions/0036). */
  deposited: number;
  /** Deposit-bonus goals already paid out. */
  goals_paid: number;
}

export interface TierRow {
  party_id: number;
  number: number;
  /** 'item': a skin (parties opened before migration 48); else the prize rule's card or booster. */
  prize_type: 'item' | PartyPrize['type'];
  prize_kind: PartyPrize['kind'] | null;
  prize_name: string | null;
  prize_rarity: PartyPrize['rarity'] | null;
  item_id: number | null;
  /** The prize's value in cents: what the fuel (or the house) pays for it. */
  price: number;
  time_at: number;
  required_level: number;
  required_rank: number;
  required_race: number;
  server_seed: string;
  server_seed_hashed: string;
  participants: string | null;
  participants_hash: string | null;
  published_at: number | null;
  ticket: number | null;
  winner_id: number | null;
  asset_id: number | null;
  booster_id: number | null;
  completed_at: number | null;
}

/** An open party by hash, or 30; in a transaction, locked until it commits (joins count one by one). */
export async function openParty(db: Pick<Db, 'get'>, hash: string): Promise<PartyRow> {
  const id = parseHash(hash);
  const row = id === null ? undefined : await db.get<PartyRow>(`SELECT * FROM stream_parties WHERE id = ? AND status <> 'closed'${lockedIn(db)}`, id);
  if (!row) fail(NumericError.NOT_FOUND, 'Stream party not found');
  return row;
}

export const tiersOf = (db: Pick<Db, 'all'>, partyId: number) => db.all<TierRow>('SELECT * FROM stream_party_tiers WHERE party_id = ? ORDER BY number', partyId);

/** The first tier not completed (tiers complete in order). */
export const nextTier = (tiers: readonly TierRow[]) => tiers.find((t) => t.completed_at === null);

/** Whether the host is on air now (their stream is their presence in the sim). */
export const hostLive = async (db: Pick<Db, 'get'>, hostId: number) => await db.get('SELECT 1 AS live FROM streams WHERE user_id = ? AND ended_at IS NULL', hostId) !== undefined;

/** The player's referral partner, if any. */
export const referrerOf = (db: Pick<Db, 'get'>, userId: number) => db.get<{ partner_id: number; created_at: number }>('SELECT partner_id, created_at FROM referrals WHERE user_id = ?', userId);

/**
 * What a referral wagered under the host's code within the last `periodMs`: their counted
 * wagers since they took the code (or the period's start, whichever is later).
 */
export async function wageredUnderCode(db: Pick<Db, 'get'>, userId: number, hostId: number, periodMs: number, now: number): Promise<number> {
  const referral = await referrerOf(db, userId);
  if (!referral || referral.partner_id !== hostId) return 0;
  return wageredSince(db, userId, Math.max(referral.created_at, now - periodMs));
}

/** A member's standing for the tier rules: level, rank under the host's scheme (1 S .. 6 E, referrals only), race place today. */
export async function statsOf(db: Pick<Db, 'get'>, party: Pick<PartyRow, 'host_id' | 'official'>, user: UserRow, now: number): Promise<PartyStats> {
  let rank: number | null = null;
  const referral = await referrerOf(db, user.id);
  if (!party.official && referral?.partner_id === party.host_id) {
    const wagered = (await db.get<{ wagered: number }>('SELECT wagered FROM referral_earnings WHERE user_id = ? AND partner_id = ?', user.id, party.host_id))?.wagered ?? 0;
    rank = REFERRAL_RANKS.indexOf(rankFor(await schemeOf(db, party.host_id), wagered)) + 1;
  }
  return { level: levelForExp(user.exp), rank, race: await placeOfDay(db, user.id, now) };
}

interface MemberRow extends UserRow {
  member_id: number;
}

/** Members in join order. */
export const membersOf = (db: Pick<Db, 'all'>, partyId: number) =>
  db.all<MemberRow>('SELECT u.*, m.id AS member_id FROM stream_party_members m JOIN users u ON u.id = m.user_id WHERE m.party_id = ? ORDER BY m.id', partyId);

export const memberCount = async (db: Pick<Db, 'get'>, partyId: number) => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM stream_party_members WHERE party_id = ?', partyId))!.n;

/** The members a tier would draw from now: those meeting its rule, in join order. */
export async function eligibleFor(db: Pick<Db, 'all' | 'get'>, party: PartyRow, tier: TierRow, now: number): Promise<MemberRow[]> {
  return filterInOrder(await membersOf(db, party.id), async (m) => meetsTier(party.mode, await statsOf(db, party, m, now), tier));
}

const partyUser = async (db: Pick<Db, 'get'>, party: PartyRow, user: UserRow, now: number) => ({ ...publicUser(user), stats: await statsOf(db, party, user, now) });

/** What a new party needs beyond its host. */
export interface NewParty {
  official: boolean;
  mode: PartyMode;
  minWagered: number;
  minPeriodMs: number;
  minLevel: number;
  inviteCode: string;
  background: string | null;
  /** Each tier's requirement in the mode. */
  required: readonly number[];
  /** Each tier's prize value in cents. */
  budgets: readonly number[];
}

/** Opens a party for a host: ACTIVE_STREAM_PARTY_EXISTS while they have one open. Answers the party row and what its prizes cost. */
export async function createParty(tx: Tx, s: Pick<Services, 'hub' | 'config'>, host: UserRow, input: NewParty): Promise<{ party: PartyRow; cost: number }> {
  if (await tx.get("SELECT 1 AS open FROM stream_parties WHERE host_id = ? AND status <> 'closed'", host.id)) {
    fail(NamedError.ACTIVE_STREAM_PARTY_EXISTS, 'You already host an open stream party: close it first');
  }
  const now = s.config.now();
  const status = await hostLive(tx, host.id) ? 'active' : 'inactive';
  const id = (await tx.run(
    `INSERT INTO stream_parties (host_id, official, mode, status, min_wagered, min_period, min_level, invite_code, background, ticked_at, inactive_since, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    host.id, input.official ? 1 : 0, input.mode, status, input.minWagered, Math.round(input.minPeriodMs / 1000), input.minLevel,
    input.official ? OFFICIAL_INVITE_CODE : input.inviteCode, input.background, now, status === 'inactive' ? now : null, now,
  )).lastInsertRowid;
  let cost = 0;
  for (let n = 1; n <= PARTY_TIERS; n++) {
    const value = input.budgets[n - 1]!;
    const prize = partyPrize(n, value);
    cost += value;
    const seed = randomBytes(32).toString('hex');
    const required = input.required[n - 1] ?? 0;
    await tx.run(
      `INSERT INTO stream_party_tiers (party_id, number, prize_type, prize_kind, prize_name, prize_rarity, price, time_at, required_level, required_rank, required_race, server_seed, server_seed_hashed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id, n, prize.type, prize.kind, prize.name, prize.rarity, value, n * TIER_EVERY_MS,
      input.mode === 'level' ? required : 0, input.mode === 'rank' ? Math.min(6, Math.max(1, required)) : 6, input.mode === 'race' ? Math.max(1, required) : 100,
      seed, sha256Hex(seed),
    );
  }
  const payload = { id: toHash(id), official: input.official, host_hash: toHash(host.id) };
  tx.afterCommit(() => s.hub.publish('STREAM_PARTY_LOBBY', 'STREAM_PARTY_CREATED', payload));
  return { party: (await tx.get<PartyRow>('SELECT * FROM stream_parties WHERE id = ?', id))!, cost };
}

/** Announces a party's state to the lobby after the commit. */
export async function announce(tx: Tx, s: Pick<Services, 'hub'>, partyId: number): Promise<void> {
  const row = (await tx.get<PartyRow>('SELECT * FROM stream_parties WHERE id = ?', partyId))!;
  const payload = { id: toHash(row.id), status: row.status, air_time: row.air_time, participants: await memberCount(tx, row.id) };
  tx.afterCommit(() => s.hub.publish('STREAM_PARTY_LOBBY', 'STREAM_PARTY_UPDATED', payload));
}

/**
 * Closes an open party: the tiers not drawn are dropped and, on a partner's party, their
 * fuel goes back to the host through the ledger. Answers the cents refunded.
 */
export async function closeParty(tx: Tx, s: Pick<Services, 'hub' | 'config' | 'ledger'>, party: PartyRow): Promise<number> {
  const closed = await tx.run("UPDATE stream_parties SET status = 'closed', closed_at = ? WHERE id = ? AND status <> 'closed'", s.config.now(), party.id);
  if (closed.changes === 0) fail(NumericError.INVALID_DATA, 'The party is already closed');
  let refunded = 0;
  if (!party.official) {
    refunded = (await tx.get<{ s: number | null }>('SELECT SUM(price) AS s FROM stream_party_tiers WHERE party_id = ? AND completed_at IS NULL', party.id))!.s ?? 0;
    if (refunded > 0) await s.ledger.transfer(tx, { from: PARTY_HOUSE, to: { user: party.host_id }, amount: refunded, type: 'party_fuel_refund', ref: toHash(party.id) });
  }
  await announce(tx, s, party.id);
  return refunded;
}

/** The party as the wire shows it to `viewer` (null: a visitor). */
export async function partyOut(db: Pick<Db, 'get' | 'all'>, s: Pick<Services, 'catalog' | 'config'>, party: PartyRow, viewer: UserRow | null): Promise<StreamParty> {
  const now = s.config.now();
  const catalog = await s.catalog.view();
  const host = (await db.get<UserRow>('SELECT * FROM users WHERE id = ?', party.host_id))!;
  const tiers = await tiersOf(db, party.id);
  const members = await membersOf(db, party.id);
  const stream = await db.get<{ id: number; channel: string; followers: number }>('SELECT id, channel, followers FROM streams WHERE user_id = ? AND ended_at IS NULL', party.host_id);
  const last = tiers.at(-1)?.time_at ?? 1;
  const upcoming = nextTier(tiers);
  const isHost = viewer?.id === party.host_id;
  let participation: StreamParty['participation'] = null;
  if (viewer) {
    const stats = await statsOf(db, party, viewer, now);
    participation = {
      joined: members.some((m) => m.id === viewer.id),
      rank: stats.rank === null ? null : { id: stats.rank },
      race: stats.race,
      progress: { wagered: party.official ? 0 : await wageredUnderCode(db, viewer.id, party.host_id, party.min_period * 1000, now) },
      referral: (await referrerOf(db, viewer.id))?.partner_id === party.host_id,
    };
  }
  const goals = tiers.map((t) => ({ name: `${Math.round((t.time_at / last) * 100)}%`, time_at: t.time_at, completed: party.air_time >= t.time_at }));
  return {
    id: toHash(party.id),
    status: party.status,
    official: party.official === 1,
    modes: { official: party.official === 1, rank_mode: party.mode === 'rank', race_mode: party.mode === 'race' },
    host: publicUser(host),
    stream: {
      user_hash: toHash(party.host_id),
      hoster_user_hash: toHash(party.host_id),
      profile: stream ? { name: stream.channel, avatar: null, followers: stream.followers, link: `/api/sim/streams/${toHash(stream.id)}/watch` } : null,
    },
    style: { background: party.background },
    conditions: {
      min_wagered: party.min_wagered,
      min_period: party.min_period,
      min_level: party.min_level,
      invite_code: party.official || isHost ? party.invite_code : null,
    },
    participation,
    participants: members.length,
    users: await mapInOrder(members.slice(0, 200), (m) => partyUser(db, party, m, now)),
    goals,
    deposit_goals: PARTY_DEPOSIT_GOALS.map((g) => ({ ...g, completed: g.number <= party.goals_paid })),
    tiers: tiers.map((t) => {
      const prize = prizeOut(catalog, t);
      return {
        number: t.number,
        item_name: prize.name,
        item_hash: prize.hash,
        item_image: prize.image,
        item_price: t.price,
        prize: prize.type === 'item' ? null : { type: prize.type, kind: t.prize_kind!, rarity: t.prize_rarity! },
        time_at: t.time_at,
        completed: t.completed_at !== null,
        winner_hash: t.winner_id === null ? null : toHash(t.winner_id),
        required_level: t.required_level,
        required_rank: t.required_rank,
        required_race: t.required_race,
        server_seed_hashed: t.server_seed_hashed,
      };
    }),
    progress: {
      air_time: party.air_time,
      bar_time: last,
      deposited: party.deposited,
      goals_completed_last: goals.filter((g) => g.completed).length,
      tiers_count: tiers.length,
      tiers_completed_count: tiers.filter((t) => t.completed_at !== null).length,
      tiers_roll_participants: upcoming ? (upcoming.participants ? (JSON.parse(upcoming.participants) as string[]).length : (await eligibleFor(db, party, upcoming, now)).length) : 0,
    },
    created_at: party.created_at,
    time: now,
  };
}

/**
 * What a tier gives as the wire names it. A card or booster's hash is the delivered one's
 * (empty before the draw); a skin prize (an old party's) is its catalog item.
 */
export function prizeOut(catalog: CatalogView, tier: TierRow): { type: TierRow['prize_type']; name: string; hash: string; image: string } {
  if (tier.prize_type === 'item') {
    const item = tier.item_id === null ? undefined : catalog.item(tier.item_id);
    return { type: 'item', name: item?.name ?? 'Prize', hash: tier.item_id === null ? '' : toHash(tier.item_id), image: item?.image ?? '' };
  }
  const delivered = tier.prize_type === 'booster' ? tier.booster_id : tier.asset_id;
  return { type: tier.prize_type, name: tier.prize_name ?? 'Prize', hash: delivered === null ? '' : toHash(delivered), image: '' };
}

/** The tier's members and fairness record (seed revealed once completed). */
export async function tierOut(db: Pick<Db, 'get' | 'all'>, s: Pick<Services, 'config'>, party: PartyRow, tier: TierRow) {
  const now = s.config.now();
  const published = tier.participants ? (JSON.parse(tier.participants) as string[]) : null;
  const users = published
    ? await mapInOrder((await mapInOrder(published, async (hash) => (await db.get<UserRow>('SELECT * FROM users WHERE id = ?', parseHash(hash)))!)), (u) => partyUser(db, party, u, now))
    : await mapInOrder((await eligibleFor(db, party, tier, now)), (u) => partyUser(db, party, u, now));
  const completed = tier.completed_at !== null;
  return {
    party_id: toHash(party.id),
    number: tier.number,
    users,
    required_level: tier.required_level,
    required_rank: tier.required_rank,
    required_race: tier.required_race,
    server_seed_hashed: tier.server_seed_hashed,
    server_seed: completed ? tier.server_seed : null,
    participants: published,
    participants_hash: tier.participants_hash,
    ticket: tier.ticket,
    winner_hash: tier.winner_id === null ? null : toHash(tier.winner_id),
    completed,
    timer: Math.max(0, tier.time_at - party.air_time),
    dying: completed && tier.winner_id === null,
  };
}
