import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { PARTNER_TIERS, dealHouseEdge } from '../../src/core/index.ts';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, expectLedgerOk, ok, sim, simPost, testClock, walletCode, type Client } from './wallet-helpers.ts';

const DAY = 86_400_000;
const clock = testClock();
const dataDir = mkdtempSync(join(tmpdir(), 'partner-deals-'));
// Referrals need a few thousand coins to move a partner up a tier; sessions outlive the month the deal tests jump over.
const boot = () => startServer({ now: clock.now, dataDir, startBalance: 1_000_000, accessTtl: 400 * 86_400, refreshTtl: 400 * 86_400 });
let server: TestServer;
beforeAll(async () => {
  server = await boot();
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function tagged(name: string, tag: 'partner' | 'club_member' | 'marketing' = 'partner'): Promise<Client> {
  const client = await server.player(name);
  await sim(client, '/api/sim/partners/tag', { name, tag });
  return client;
}

async function referralOf(name: string, partnerName: string): Promise<Client> {
  const client = await server.player(name);
  await ok(client, 'partnership.activateCode', { code: partnerName });
  return client;
}

/** Opens cases until at least `cents` are wagered; answers the cents wagered. */
async function wagerAtLeast(client: Client, cents: number): Promise<number> {
  const { listing } = await ok(client, 'arena-case.listing', { fields: 'enabled' });
  const box = [...listing].sort((a, b) => b.price - a.price).find((b) => b.price * 10 <= cents) ?? listing.reduce((a, b) => (a.price < b.price ? a : b));
  let spent = 0;
  while (spent < cents) {
    await ok(client, 'arena-unbox.create', { box_hash: box.hash, count: 10 });
    spent += box.price * 10;
  }
  return spent;
}

const code = (answer: { error?: { error_code: number | string } }) => answer.error?.error_code;
const stamps = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('partnership-plus deals', () => {
  test('only partners deal; an amount outside the least deal and the tier cap is refused and nothing moves', async () => {
    const plain = await server.player('deal_plain');
    for (const method of ['partnership-plus.deal', 'partnership-plus.roi', 'partnership-plus.deal-settings', 'partnership-plus.expenses']) {
      expect(code(await plain.call(method))).toBe('DASHBOARD_ACCESS_DENIED');
    }
    expect(code(await plain.call('partnership-plus.confirm-deal', { amount: 20_000 }))).toBe('DASHBOARD_ACCESS_DENIED');
    const partner = await tagged('deal_refused');
    const start = await balanceOf(partner);
    const { terms, tier } = await ok(partner, 'partnership-plus.deal', {});
    expect(tier).toEqual(PARTNER_TIERS[0]);
    expect((await partner.call('partnership-plus.confirm-deal', { amount: terms.deal_min - 1 })).error).toEqual({ error_code: NumericError.INPUT_ERROR, error_msg: `amount: at least ${terms.deal_min} cents` });
    expect(code(await partner.call('partnership-plus.confirm-deal', { amount: tier.deal_cap + 1 }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await partner.call('partnership-plus.confirm-deal', { amount: 'lots' }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await partner.call('partnership-plus.deal-settings-action', { action: 'cancel' }))).toBe(NumericError.INVALID_DATA);
    expect(code(await partner.call('partnership-plus.deal-settings-action', { action: 'explode' }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await partner.call('partnership-plus.deal-settings-action', { action: 'renew' }))).toBe('COMMIT_ERROR');
    expect(code(await partner.call('partnership-plus.change-deal-settings', { auto_renew: 1, renew_amount: tier.deal_cap + 1 }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await partner.call('partnership-plus.change-deal-settings', { auto_renew: 1, renew_amount: 0 }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await partner.call('partnership-plus.change-credit-time', { time_offset: 86_400 }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await partner.call('partnership-plus.change-credit-time', { time_offset: -1 }))).toBe(NumericError.INPUT_ERROR);
    const after = await ok(partner, 'partnership-plus.deal', {});
    expect(after.deal).toBeNull();
    expect(after.settings).toEqual({ auto_renew: false, renew_amount: 0, time_offset: 0 });
    expect((await ok(partner, 'partnership-plus.dashboard', {})).credit.balance).toBe(0);
    expect(await balanceOf(partner)).toBe(start);
    await expectLedgerOk(server);
  });

  test('twenty confirms at once make one deal; its credit is claimed once; twenty cancels give the sponsored coins back once', async () => {
    const partner = await tagged('deal_maker');
    const start = await balanceOf(partner);
    const confirms = await Promise.all(stamps('confirm', 20).map((stamp) => partner.call('partnership-plus.confirm-deal', { amount: 20_000, stamp })));
    expect(confirms.filter((a) => 'response' in a)).toHaveLength(1);
    expect(new Set(confirms.filter((a) => a.error).map(code))).toEqual(new Set([NumericError.INVALID_DATA]));
    const { deal } = await ok(partner, 'partnership-plus.deal', {});
    expect(deal).toMatchObject({ amount: 20_000, wager_goal: 200_000, status: 'active', ended_at: null });
    expect(deal!.ends_at - deal!.confirmed_at).toBe(30 * 86_400);
    // The deal is the sponsor's offer: the dashboard shows it, claim-credit pays it (docs/decisions/0010).
    expect((await ok(partner, 'partnership-plus.dashboard', {})).credit.balance).toBe(20_000);
    // A repeated stamp answers the first deal and makes no second.
    const winner = stamps('confirm', 20)[confirms.findIndex((a) => 'response' in a)]!;
    expect((await ok(partner, 'partnership-plus.confirm-deal', { amount: 20_000, stamp: winner })).deal.id).toBe(deal!.id);

    const claims = await Promise.all(stamps('claim', 20).map((stamp) => partner.call('partnership-plus.claim-credit', { stamp })));
    expect(claims.filter((a) => 'response' in a)).toHaveLength(1);
    expect(await balanceOf(partner)).toBe(start + 20_000);

    const cancels = await Promise.all(stamps('cancel', 20).map((stamp) => partner.call('partnership-plus.deal-settings-action', { action: 'cancel', stamp })));
    const done = cancels.filter((a) => 'response' in a);
    expect(done).toHaveLength(1);
    expect(done[0]!.response).toMatchObject({ returned: 20_000, deal: { status: 'cancelled' } });
    expect(await balanceOf(partner)).toBe(start);
    expect((await ok(partner, 'partnership-plus.dashboard', {})).credit).toMatchObject({ balance: 0, borrow: 0, challenge: { result: 'removed' } });
    await expectLedgerOk(server);
  });

  test('the estimate follows the last 30 days; the return counts only wagers made under the deal', async () => {
    const partner = await tagged('deal_roi');
    const early = await referralOf('dealroi_early', 'deal_roi');
    const before = await wagerAtLeast(early, 5_000);
    expect(await ok(partner, 'partnership-plus.deal-estimate-roi', { amount: 10_000 })).toEqual({
      amount: 10_000, wager_goal: 100_000, days: 30, expected_wagered: before, expected_edge: dealHouseEdge(before), roi: Math.round((dealHouseEdge(before) / 10_000) * 10_000) / 10_000,
    });
    expect(await ok(partner, 'partnership-plus.roi', {})).toEqual({ deal: null, wagered: 0, edge: 0, roi: 0 });
    await ok(partner, 'partnership-plus.confirm-deal', { amount: 10_000 });
    const during = await wagerAtLeast(early, 3_000);
    const roi = await ok(partner, 'partnership-plus.roi', {});
    expect(roi).toMatchObject({ wagered: during, edge: dealHouseEdge(during) });
    expect(roi.roi).toBeCloseTo(dealHouseEdge(during) / 10_000, 4);
    await expectLedgerOk(server);
  });

  test('a deal ends after its days, freezes its return, and renews at the chosen credit time', async () => {
    const partner = await tagged('deal_renewer');
    const referral = await referralOf('dealrenew_ref', 'deal_renewer');
    await ok(partner, 'partnership-plus.change-deal-settings', { auto_renew: 1, renew_amount: 15_000 });
    const { sponsor } = await ok(partner, 'partnership-plus.change-credit-time', { time_offset: 3_600 });
    expect(sponsor).toEqual({ next_time_at: null, time_offset: 3_600 });
    const { deal } = await ok(partner, 'partnership-plus.confirm-deal', { amount: 12_000 });
    const renewAt = (Math.floor(deal.ends_at / 86_400) * 86_400 + 3_600 >= deal.ends_at ? Math.floor(deal.ends_at / 86_400) * 86_400 : Math.floor(deal.ends_at / 86_400 + 1) * 86_400) + 3_600;
    expect((await ok(partner, 'partnership-plus.dashboard', {})).credit.sponsor).toEqual({ next_time_at: renewAt, time_offset: 3_600 });
    const wagered = await wagerAtLeast(referral, 2_000);

    clock.advance(30 * DAY);
    await expect.poll(async () => (await ok(partner, 'partnership-plus.deal', {})).deal?.status, { timeout: 15_000 }).toBe('ended');
    // Wagers after the end are not the deal's.
    await wagerAtLeast(referral, 1_000);
    expect(await ok(partner, 'partnership-plus.roi', {})).toMatchObject({ wagered, deal: { id: deal.id } });
    // The unclaimed offer lapsed with the deal; the renewal waits for the credit time.
    expect((await ok(partner, 'partnership-plus.dashboard', {})).credit).toMatchObject({ balance: 0, sponsor: { next_time_at: renewAt } });

    clock.at = renewAt * 1000;
    await expect.poll(async () => (await ok(partner, 'partnership-plus.deal', {})).deal?.amount, { timeout: 15_000 }).toBe(15_000);
    const renewed = await ok(partner, 'partnership-plus.deal', {});
    expect(renewed.deal).toMatchObject({ status: 'active', confirmed_at: renewAt });
    expect((await ok(partner, 'partnership-plus.dashboard', {})).credit.balance).toBe(15_000);
    await expectLedgerOk(server);
  });
});

describe('partnership-plus deals across a restart', () => {
  test('a deal that ends and comes due for renewal while the server is stopped ends and renews once at the next start', async () => {
    const partner = await tagged('deal_sleeper');
    await ok(partner, 'partnership-plus.change-deal-settings', { auto_renew: 1, renew_amount: 11_000 });
    const { deal } = await ok(partner, 'partnership-plus.confirm-deal', { amount: 10_000 });
    await server.close();
    clock.advance(32 * DAY);
    for (let run = 0; run < 2; run++) {
      server = await boot();
      const rows = await server.services.db.all<{ status: string; amount: number }>('SELECT status, amount FROM partner_deals WHERE partner_id = (SELECT id FROM users WHERE name = ?) ORDER BY id', 'deal_sleeper');
      expect(rows).toEqual([{ status: 'ended', amount: 10_000 }, { status: 'active', amount: 11_000 }]);
      if (run === 0) await server.close();
    }
    const again = await server.player('deal_sleeper');
    const latest = await ok(again, 'partnership-plus.deal', {});
    expect(latest.deal).toMatchObject({ status: 'active', amount: 11_000 });
    expect(latest.deal!.id).not.toBe(deal.id);
    expect((await ok(again, 'partnership-plus.dashboard', {})).credit.balance).toBe(11_000);
    await expectLedgerOk(server);
  });
});

describe('partnership-plus expenses, tiers and levels', () => {
  test('expenses are the race prizes held less refunds', async () => {
    const partner = await tagged('spender');
    expect(await ok(partner, 'partnership-plus.expenses', {})).toEqual({
      total: 0, by_type: { partner_race_prize: 0, partner_race_refund: 0, party_fuel: 0, party_fuel_refund: 0 }, entries: [], has_more: false,
    });
    const race = { name: 'Spend', category: 5, prize: 10_000, duration: 7_200 };
    const first = await ok(partner, 'partnership-plus.create-race', race);
    await ok(partner, 'partnership-plus.create-race', { ...race, prize: 5_000 });
    await ok(partner, 'partnership-plus.cancel-race', { id: first.race.id });
    const expenses = await ok(partner, 'partnership-plus.expenses', { count: 2 });
    expect(expenses).toMatchObject({ total: 5_000, by_type: { partner_race_prize: 15_000, partner_race_refund: -10_000, party_fuel: 0, party_fuel_refund: 0 }, has_more: true });
    expect(expenses.entries.map((e) => [e.type, e.amount])).toEqual([['partner_race_refund', 10_000], ['partner_race_prize', -5_000]]);
    const rest = await ok(partner, 'partnership-plus.expenses', { count: 2, offset: expenses.entries[1]!.hash });
    expect(rest.entries.map((e) => e.amount)).toEqual([-10_000]);
    expect(code(await partner.call('partnership-plus.expenses', { offset: 'nope' }))).toBe(NumericError.INPUT_ERROR);
  });

  test('party fuel is an expense and its refund comes off it', async () => {
    const partner = await tagged('fuel_spender', 'club_member');
    await sim(partner, '/api/sim/streams', { name: 'fuel_spender', channel: 'fuel_spender_tv' });
    await ok(partner, 'partnership-plus.connect-kick', { name: 'fuel_spender_tv' });
    await ok(partner, 'partnership-plus.join-stream-club', {});
    const start = await balanceOf(partner);
    await ok(partner, 'partnership-plus.buy-party-fuel', { amount: 30_000, stamp: 'fuel-exp-1' });
    await ok(partner, 'partnership-plus.close-party', { stamp: 'fuel-exp-2' });
    await ok(partner, 'partnership-plus.buy-party-fuel', { amount: 10_000, stamp: 'fuel-exp-3' });
    const expenses = await ok(partner, 'partnership-plus.expenses', {});
    expect(expenses).toMatchObject({ total: 10_000, by_type: { partner_race_prize: 0, partner_race_refund: 0, party_fuel: 40_000, party_fuel_refund: -30_000 }, has_more: false });
    expect(expenses.entries.map((e) => [e.type, e.amount])).toEqual([['party_fuel', -10_000], ['party_fuel_refund', 30_000], ['party_fuel', -30_000]]);
    // What the panel says was spent is what left the wallet.
    expect(start - (await balanceOf(partner))).toBe(expenses.total);
  });

  test('tiers are public; a referral wagering across a tier line raises the partner a level with a notice', async () => {
    const visitor = await ok(server.client(), 'partnership-plus.tiers', {});
    expect(visitor).toEqual({ tiers: PARTNER_TIERS, level: null, wagered: null });
    const partner = await tagged('level_partner');
    expect(await ok(partner, 'partnership-plus.tiers', {})).toMatchObject({ level: 1, wagered: 0 });
    const socket = await partner.socket();
    const referral = await referralOf('level_ref', 'level_partner');
    const spent = await wagerAtLeast(referral, PARTNER_TIERS[1]!.min_wagered);
    const frame = await socket.next('PARTNER_LEVEL_CHANGED', 10_000);
    expect(frame.data).toEqual({ new_level: 2 });
    expect(await ok(partner, 'partnership-plus.tiers', {})).toMatchObject({ level: 2, wagered: spent });
    // Silver allows bigger deals than Bronze.
    expect((await ok(partner, 'partnership-plus.deal', {})).tier).toEqual(PARTNER_TIERS[1]);
    socket.close();
  });
});

describe('partnership-plus admin settings', () => {
  test('staff read and change the deal terms within bounds; others are refused; deals follow the terms', async () => {
    const plain = await tagged('not_staff');
    expect(code(await plain.call('partnership-plus.get-admin-settings'))).toBe(NumericError.ACCESS_DENIED);
    const terms = { deals_enabled: 1, deal_min: 30_000, deal_wager_multiplier: 5, deal_days: 7 };
    expect(code(await plain.call('partnership-plus.change-admin-settings', terms))).toBe(NumericError.ACCESS_DENIED);
    const staff = await tagged('partner_staff', 'marketing');
    const defaults = await ok(staff, 'partnership-plus.get-admin-settings', {});
    expect(defaults).toEqual({ settings: { deals_enabled: true, deal_min: 10_000, deal_wager_multiplier: 10, deal_days: 30 }, changed_at: null, changed_by: null });
    expect(code(await staff.call('partnership-plus.change-admin-settings', { ...terms, deal_wager_multiplier: 0 }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await staff.call('partnership-plus.change-admin-settings', { ...terms, deal_days: 91 }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await staff.call('partnership-plus.change-admin-settings', { ...terms, deal_min: 0 }))).toBe(NumericError.INPUT_ERROR);
    expect(await ok(staff, 'partnership-plus.get-admin-settings', {})).toEqual(defaults);

    const changed = await ok(staff, 'partnership-plus.change-admin-settings', terms);
    expect(changed).toMatchObject({ settings: { deals_enabled: true, deal_min: 30_000, deal_wager_multiplier: 5, deal_days: 7 }, changed_by: 'partner_staff' });
    expect(code(await plain.call('partnership-plus.confirm-deal', { amount: 20_000 }))).toBe(NumericError.INPUT_ERROR);
    const { deal } = await ok(plain, 'partnership-plus.confirm-deal', { amount: 30_000 });
    expect(deal).toMatchObject({ wager_goal: 150_000 });
    expect(deal.ends_at - deal.confirmed_at).toBe(7 * 86_400);
    await ok(plain, 'partnership-plus.deal-settings-action', { action: 'cancel' });

    await ok(staff, 'partnership-plus.change-admin-settings', { ...terms, deals_enabled: 0 });
    expect((await plain.call('partnership-plus.confirm-deal', { amount: 30_000 })).error).toEqual({ error_code: NumericError.INVALID_DATA, error_msg: 'Deals are closed for now' });
    await ok(staff, 'partnership-plus.change-admin-settings', { deals_enabled: 1, deal_min: 10_000, deal_wager_multiplier: 10, deal_days: 30 });
  });
});

describe('partnership-plus badges, Kick and activate-code', () => {
  test('badges: made, shown (own, at most 3) and given to ranks; bad input changes nothing', async () => {
    const partner = await tagged('badge_partner');
    const other = await tagged('badge_other');
    const { badge: foreign } = await ok(other, 'partnership-plus.prepare-badge', { name: 'Theirs', icon: 'star', colour: '#112233' });
    expect(code(await partner.call('partnership-plus.prepare-badge', { name: 'Bad', icon: 'unicorn', colour: '#112233' }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await partner.call('partnership-plus.prepare-badge', { name: 'Bad', icon: 'star', colour: 'red' }))).toBe(NumericError.INPUT_ERROR);
    const made = [];
    for (const [name, icon] of [['Crew', 'crown'], ['Hot', 'flame'], ['Fast', 'bolt'], ['Kind', 'heart']] as const) {
      made.push((await ok(partner, 'partnership-plus.prepare-badge', { name, icon, colour: '#FFAA00' })).badge);
    }
    expect(made[0]).toEqual({ id: made[0]!.id, name: 'Crew', icon: 'crown', colour: '#ffaa00', active: false });
    expect(code(await partner.call('partnership-plus.change-badges', { ids: made.map((b) => b.id).join(',') }))).toBe(NumericError.INPUT_ERROR);
    expect(code(await partner.call('partnership-plus.change-badges', { ids: `${made[0]!.id},${foreign.id}` }))).toBe(NumericError.INPUT_ERROR);
    const shown = await ok(partner, 'partnership-plus.change-badges', { ids: `${made[0]!.id},${made[2]!.id}` });
    expect(shown.badges.filter((b) => b.active).map((b) => b.name)).toEqual(['Crew', 'Fast']);
    expect(code(await partner.call('partnership-plus.change-referral-badges', { S: foreign.id }))).toBe(NumericError.INPUT_ERROR);
    const ranks = await ok(partner, 'partnership-plus.change-referral-badges', { S: made[0]!.id, A: made[1]!.id });
    expect(ranks.referral_badges).toEqual({ S: made[0]!.id, A: made[1]!.id, B: null, C: null, D: null, E: null });
    // A referral who wagered nothing is rank E; given E a badge, the referrals list shows it on them.
    await referralOf('badge_ref', 'badge_partner');
    await ok(partner, 'partnership-plus.change-referral-badges', { E: made[3]!.id });
    const { referrals } = await ok(partner, 'partnership-plus.referrals', {});
    expect(referrals[0]).toMatchObject({ name: 'badge_ref', rank: 'E', badge: { id: made[3]!.id, name: 'Kind', icon: 'heart' } });
    const cleared = await ok(partner, 'partnership-plus.change-referral-badges', { A: '', E: '' });
    expect((await ok(partner, 'partnership-plus.referrals', {})).referrals[0]!.badge).toBeNull();
    expect(cleared.referral_badges).toMatchObject({ S: made[0]!.id, A: null });
    expect((await ok(partner, 'partnership-plus.change-badges', { ids: '' })).badges.some((b) => b.active)).toBe(false);
  });

  test('connect-kick links a channel the partner streamed, KICK_ACCOUNT_NOT_LINKED otherwise', async () => {
    const partner = await tagged('kick_partner');
    expect((await partner.call('partnership-plus.connect-kick', { name: 'kickpartner' })).error).toEqual({ error_code: 'KICK_ACCOUNT_NOT_LINKED', error_msg: 'No Kick channel kickpartner streams from your account' });
    await sim(partner, '/api/sim/streams', { name: 'kick_partner', channel: 'KickPartner' });
    const linked = await ok(partner, 'partnership-plus.connect-kick', { name: 'kickpartner' });
    expect(linked.kick.name).toBe('kickpartner');
    expect((await ok(partner, 'user.getUser', {}) as { user: { tags: string[] } }).user.tags).toContain('kick');
    const thief = await tagged('kick_thief');
    expect(code(await thief.call('partnership-plus.connect-kick', { name: 'kickpartner' }))).toBe('KICK_ACCOUNT_NOT_LINKED');
    await sim(thief, '/api/sim/streams', { name: 'kick_thief', channel: 'kickpartner' });
    expect(code(await thief.call('partnership-plus.connect-kick', { name: 'kickpartner' }))).toBe(NumericError.INVALID_DATA);
  });

  test('activate-code takes a referral code or a gift code; a bad code moves nothing', async () => {
    await tagged('activate_host');
    const player = await server.player('activate_player');
    const start = await balanceOf(player);
    expect(code(await player.call('partnership-plus.activate-code', { code: 'no such code!' }))).toBe(NumericError.INVALID_CODE);
    expect(await ok(player, 'partnership-plus.activate-code', { code: 'activate_host', anonymous: 1 })).toEqual({ success: true, kind: 'referral' });
    expect((await ok(player, 'partnership.getPartner', {})).partner?.name).toBe('activate_host');
    const gift = await walletCode(player, '25');
    const stamp = 'gift-once';
    const answers = await Promise.all(Array.from({ length: 20 }, () => player.call('partnership-plus.activate-code', { code: gift, stamp })));
    expect(answers.every((a) => 'response' in a && (a.response as { kind: string }).kind === 'gift')).toBe(true);
    expect(await balanceOf(player)).toBe(start + 2_500 + 125);
    expect((await ok(player, 'partnership-plus.activate-code', { code: gift })).success).toBe(false);
    expect((await simPost(player, '/api/sim/partners/tag', { name: 'activate_player', tag: 'nonsense' })).error?.error_code).toBe(NumericError.INPUT_ERROR);
    await expectLedgerOk(server);
  });
});
