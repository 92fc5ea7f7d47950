/**
 * The party runner: adds air time while the host is on air, pauses a party whose host left
 * (inactive, progress held), publishes each tier's participant list with its hash before the
 * draw, and draws tiers in order with the spec's tier ticket. A tick is one transaction per
 * party; the conditional updates make a tier's draw and its prize happen once whatever runs twice.
 */
import { parseHash, partyParticipantsHash, partyTicket, toHash } from '../../../src/core/index.ts';
import type { Tx } from '../../db/database.ts';
import type { Services } from '../../rpc/context.ts';
import { publicUser, type UserRow } from '../../kernel/users.ts';
import { BOOSTER_FUNDER } from '../boosters/effects.ts';
import { grantBooster } from '../boosters/grant.ts';
import { CARDS_HOUSE, cardById, cardOut, grantCard } from '../cards/cards.ts';
import { grantItem } from '../inventory/assets.ts';
import {
  FINISHED_LINGER_MS, INACTIVE_CLOSE_MS, PARTY_HOUSE, TIER_LOCK_MS, announce, closeParty, eligibleFor, hostLive, nextTier, prizeOut, tiersOf, type PartyRow, type TierRow,
} from './store.ts';

type RunnerServices = Pick<Services, 'db' | 'hub' | 'config' | 'ledger' | 'catalog'>;

/** Publishes the tier's participant list and its SHA-256 (once). */
async function publish(tx: Tx, s: RunnerServices, party: PartyRow, tier: TierRow, now: number): Promise<TierRow> {
  const list = (await eligibleFor(tx, party, tier, now)).map((m) => toHash(m.id));
  const hash = partyParticipantsHash(list);
  const done = await tx.run(
    'UPDATE stream_party_tiers SET participants = ?, participants_hash = ?, published_at = ? WHERE party_id = ? AND number = ? AND participants IS NULL',
    JSON.stringify(list), hash, now, party.id, tier.number,
  );
  if (done.changes > 0) {
    const payload = { id: toHash(party.id), number: tier.number, participants: list.length, participants_hash: hash };
    tx.afterCommit(() => s.hub.publish('STREAM_PARTY_LOBBY', 'STREAM_PARTY_TIER_LOCKED', payload));
  }
  return (await tx.get<TierRow>('SELECT * FROM stream_party_tiers WHERE party_id = ? AND number = ?', party.id, tier.number))!;
}

/**
 * Puts a drawn tier's prize with its winner, in the draw's transaction (once: the draw's
 * conditional update, and the tier's unique asset_id / booster_id). A partner's fuel for the
 * tier moves from the party house to the house that will pay the prize out (the cards house
 * for a coins card, the promotions house for a deposit bonus), so what the winner can collect
 * is what the partner paid. Official parties' prizes are the house's own.
 */
async function deliver(tx: Tx, s: RunnerServices, party: PartyRow, tier: TierRow, winnerId: number, now: number): Promise<void> {
  const ref = `${toHash(party.id)}:${tier.number}`;
  if (tier.prize_type === 'item') {
    const assetId = await grantItem(tx, winnerId, tier.item_id!, null, now);
    await tx.run('UPDATE stream_party_tiers SET asset_id = ? WHERE party_id = ? AND number = ?', assetId, party.id, tier.number);
    return;
  }
  if (tier.prize_type === 'booster') {
    const booster = await grantBooster(tx, winnerId, 'deposit_bonus', { source: 'party', ref, now, params: { bonus_max: tier.price }, hub: s.hub });
    await tx.run('UPDATE stream_party_tiers SET booster_id = ? WHERE party_id = ? AND number = ?', booster.id, party.id, tier.number);
    if (!party.official && tier.price > 0) await s.ledger.transfer(tx, { from: PARTY_HOUSE, to: BOOSTER_FUNDER, amount: tier.price, type: 'party_prize', ref });
    return;
  }
  const catalog = await s.catalog.view();
  const assetId = await grantCard(tx, catalog, winnerId, { kind: 'free_coins', rarity: tier.prize_rarity ?? 'low', name: tier.prize_name ?? 'Coins card', level: 1, amount: tier.price }, 'party', now);
  await tx.run('UPDATE stream_party_tiers SET asset_id = ? WHERE party_id = ? AND number = ?', assetId, party.id, tier.number);
  if (!party.official && tier.price > 0) await s.ledger.transfer(tx, { from: PARTY_HOUSE, to: CARDS_HOUSE, amount: tier.price, type: 'party_prize', ref });
  const card = cardOut(catalog, (await cardById(tx, assetId))!);
  tx.afterCommit(() => s.hub.toUser(winnerId, 'INVENTORY_ASSET_ISSUED', { assets: [], cards: [card], count: 1, source: 'party', game_hash: null }));
}

/** Draws a published tier: the ticket picks the winner from the published list; the prize goes to their inventory. */
async function draw(tx: Tx, s: RunnerServices, party: PartyRow, tier: TierRow, now: number): Promise<void> {
  const list = JSON.parse(tier.participants!) as string[];
  const ticket = partyTicket(tier.server_seed, list.length);
  const winnerHash = ticket === 0 ? null : list[ticket - 1]!;
  const winner = winnerHash === null ? undefined : await tx.get<UserRow>('SELECT * FROM users WHERE id = ?', parseHash(winnerHash));
  const done = await tx.run(
    'UPDATE stream_party_tiers SET ticket = ?, winner_id = ?, completed_at = ? WHERE party_id = ? AND number = ? AND completed_at IS NULL',
    ticket, winner?.id ?? null, now, party.id, tier.number,
  );
  if (done.changes === 0) return;
  if (winner) await deliver(tx, s, party, tier, winner.id, now);
  else if (!party.official && tier.price > 0) {
    // Nobody qualified: the partner gets this tier's fuel back.
    await s.ledger.transfer(tx, { from: PARTY_HOUSE, to: { user: party.host_id }, amount: tier.price, type: 'party_fuel_refund', ref: toHash(party.id) });
  }
  const prize = prizeOut(await s.catalog.view(), (await tx.get<TierRow>('SELECT * FROM stream_party_tiers WHERE party_id = ? AND number = ?', party.id, tier.number))!);
  const roll = {
    id: toHash(party.id),
    number: tier.number,
    ticket,
    winner_hash: winnerHash,
    user: winner ? publicUser(winner) : null,
    item: { hash: prize.hash, name: prize.name, image: prize.image },
  };
  const completed = { id: toHash(party.id), number: tier.number };
  tx.afterCommit(() => {
    s.hub.publish('STREAM_PARTY_LOBBY', 'STREAM_PARTY_ROLL', roll);
    s.hub.publish('STREAM_PARTY_LOBBY', 'STREAM_PARTY_TIER_COMPLETED', completed);
  });
}

/** Advances one party to now. */
export async function advanceParty(tx: Tx, s: RunnerServices, partyId: number): Promise<void> {
  const party = await tx.get<PartyRow>("SELECT * FROM stream_parties WHERE id = ? AND status <> 'closed' FOR NO KEY UPDATE", partyId);
  if (!party) return;
  const now = s.config.now();
  const live = await hostLive(tx, party.host_id);
  // Air time counts only the stretch the party was active and the host is still on air.
  const gained = party.status === 'active' && live ? Math.max(0, now - party.ticked_at) : 0;
  const status = live ? 'active' : 'inactive';
  const inactiveSince = live ? null : (party.inactive_since ?? now);
  await tx.run('UPDATE stream_parties SET air_time = air_time + ?, ticked_at = ?, status = ?, inactive_since = ? WHERE id = ?', gained, now, status, inactiveSince, party.id);
  const current = { ...party, air_time: party.air_time + gained, status, inactive_since: inactiveSince } as PartyRow;
  if (status !== party.status) await announce(tx, s, party.id);
  if (status === 'inactive' && now - inactiveSince! >= INACTIVE_CLOSE_MS) {
    await closeParty(tx, s, current);
    return;
  }
  for (let tier = nextTier(await tiersOf(tx, party.id)); tier; tier = nextTier(await tiersOf(tx, party.id))) {
    if (current.air_time < tier.time_at - TIER_LOCK_MS) break;
    const published = tier.participants === null ? await publish(tx, s, current, tier, now) : tier;
    if (current.air_time < tier.time_at) break;
    await draw(tx, s, current, published, now);
  }
  const tiers = await tiersOf(tx, party.id);
  const lastDrawn = Math.max(...tiers.map((t) => t.completed_at ?? Number.POSITIVE_INFINITY));
  if (now - lastDrawn >= FINISHED_LINGER_MS) {
    // Every tier is drawn and the last winner has been shown: the party has given out what it had.
    await tx.run("UPDATE stream_parties SET status = 'closed', closed_at = ? WHERE id = ?", now, party.id);
    await announce(tx, s, party.id);
  }
}

/** Advances every open party (the runner's tick; tests call it after moving the clock). */
export async function partyTick(s: RunnerServices): Promise<void> {
  const open = await s.db.all<{ id: number }>("SELECT id FROM stream_parties WHERE status <> 'closed' ORDER BY id");
  for (const { id } of open) await s.db.transaction((tx) => advanceParty(tx, s, id));
}
