import { describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { parseHash } from '../../src/core/index.ts';
import { expectLedgerOk, ok, sim, simPost, walletCode, walletServer } from './wallet-helpers.ts';

const ctx = walletServer();
const DAY = 86_400_000;

describe('partnership-plus dashboard', () => {
  test('a visitor or plain player is refused the dashboard and home; bad console input changes nothing', async () => {
    const player = await ctx.server.player('plain_player');
    for (const method of ['partnership-plus.dashboard', 'partnership-plus.home']) {
      expect((await player.call(method)).error?.error_code).toBe('DASHBOARD_ACCESS_DENIED');
    }
    expect((await ctx.server.client().call('partnership-plus.dashboard')).error?.error_code).toBe(NumericError.ACCESS_DENIED);
    // Untagged, the player gets no traffic: no referral, no figure.
    expect((await simPost(player, '/api/sim/partners/traffic', { name: 'plain_player', signups: 3 })).error?.error_code).toBe(NumericError.INPUT_ERROR);
    expect((await simPost(player, '/api/sim/partners/tag', { name: 'plain_player', tag: 'admin' })).error?.error_code).toBe(NumericError.INPUT_ERROR);
    expect((await simPost(player, '/api/sim/partners/tag', { name: 'nobody_here', tag: 'partner' })).error?.error_code).toBe(NumericError.NOT_FOUND);
    // Without the operator key the console refuses, and the player stays untagged.
    const { status } = await player.request('/api/sim/partners/tag', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'plain_player', tag: 'partner' }) });
    expect(status).toBe(403);
    expect((await player.call('partnership-plus.dashboard')).error?.error_code).toBe('DASHBOARD_ACCESS_DENIED');
    expect((await ok(player, 'partnership.referrals', {})).earnings.referrals).toBe(0);
  });

  test('console traffic and a referral deposit show on the dashboard by day, week and all, matching the running totals', async () => {
    const partner = await ctx.server.player('dash_partner');
    await sim(partner, '/api/sim/partners/tag', { name: 'dash_partner', tag: 'partner' });
    expect((await partner.call('partnership-plus.dashboard', { period: 'year' })).error?.error_code).toBe(NumericError.INPUT_ERROR);

    // Yesterday: 4 sign-ups opening 2 cases each.
    const first = await sim<{ signups: number; wagers: number }>(partner, '/api/sim/partners/traffic', { name: 'dash_partner', signups: 4, wagers: 2 });
    expect(first).toEqual({ signups: 4, wagers: 8 });
    const yesterday = await ok(partner, 'partnership-plus.dashboard', { period: 'day' });
    expect(yesterday.figures).toMatchObject({ visits: 4, referrals: 4, wagers: 8, deposits: 0 });
    expect(yesterday.figures.wagered).toBeGreaterThan(0);
    ctx.clock.advance(DAY);
    // A day later the access token has run out, as it would in the browser.
    await partner.renew();

    // Today: 3 more, and one referral of their own deposits with a gift code.
    await sim(partner, '/api/sim/partners/traffic', { name: 'dash_partner', signups: 3, wagers: 1 });
    const depositor = await ctx.server.player('dash_depositor');
    await ok(depositor, 'partnership.activateCode', { code: 'dash_partner' });
    const code = await walletCode(depositor, '25');
    expect(await ok(depositor, 'wallet.gift', { code })).toEqual({ success: true });

    const today = await ok(partner, 'partnership-plus.dashboard', { period: 'day' });
    expect(today.figures).toMatchObject({ visits: 3, referrals: 4, wagers: 3, deposits: 1, deposited: 2_500 });
    expect(today.series).toHaveLength(1);

    const week = await ok(partner, 'partnership-plus.dashboard', { period: 'week' });
    expect(week.series).toHaveLength(7);
    expect(week.series.at(-1)).toMatchObject(today.figures);
    expect(week.series.at(-2)).toMatchObject(yesterday.figures);
    expect(week.series.at(-1)!.at).toBe(Math.floor(ctx.clock.now() / DAY) * 86_400);

    // The days add up to the running totals kept by the earnings rule (docs/decisions/0011): wagers earned nothing, the deposit 5%.
    const { earnings } = await ok(partner, 'partnership.referrals', {});
    const home = await ok(partner, 'partnership-plus.home', {});
    expect(home.periods.all).toMatchObject({ visits: 7, referrals: 8, wagers: 11, wagered: earnings.wagered, deposits: 1, deposited: 2_500 });
    // Earnings are the tier's share of the referrals' deposits (docs/decisions/0011): 5% of 25 coins at Bronze.
    expect(earnings).toMatchObject({ deposited: 2_500, accrued: 125, share_percent: 5 });
    expect(home.periods.all.earned).toBe(earnings.accrued);
    expect(today.figures.earned).toBe(125);
    expect(yesterday.figures.earned).toBe(0);
    expect(home.periods.week).toEqual(week.figures);
    expect(home).toMatchObject({ code: 'dash_partner', earnings: { referrals: 8, visits: 7 } });
    await expectLedgerOk(ctx.server);
  });

  test('a club member sees the dashboard with their sponsor credit', async () => {
    const member = await ctx.server.player('dash_member');
    await sim(member, '/api/sim/partners/tag', { name: 'dash_member', tag: 'club_member' });
    const dashboard = await ok(member, 'partnership-plus.dashboard', {});
    expect(dashboard).toMatchObject({ period: 'week', credit: { balance: 0, borrow: 0 }, figures: { referrals: 0, wagered: 0 } });
  });
});

describe('partner API', () => {
  test('the endpoint answers the home figures for the current token only; a wrong or replaced token is refused', async () => {
    const partner = await ctx.server.player('api_partner');
    expect((await partner.call('partnership-plus.change-api-token')).error?.error_code).toBe('DASHBOARD_ACCESS_DENIED');
    await sim(partner, '/api/sim/partners/tag', { name: 'api_partner', tag: 'partner' });
    await sim(partner, '/api/sim/partners/traffic', { name: 'api_partner', signups: 2, wagers: 1 });
    const { api_token: first } = await ok(partner, 'partnership-plus.change-api-token', {});

    // No session: a script with the token alone.
    const script = ctx.server.client();
    const answer = await script.call('partnership-plus.endpoint', { token: first });
    expect(answer.response).toEqual(await ok(partner, 'partnership-plus.home', {}));
    expect(answer.response).toMatchObject({ code: 'api_partner', periods: { all: { referrals: 2, wagers: 2 } } });

    expect((await script.call('partnership-plus.endpoint', { token: `${first}x` })).error).toEqual({ error_code: NumericError.ACCESS_DENIED, error_msg: 'Invalid API token' });
    const { api_token: second } = await ok(partner, 'partnership-plus.change-api-token', {});
    expect(second).not.toBe(first);
    expect((await script.call('partnership-plus.endpoint', { token: first })).error?.error_code).toBe(NumericError.ACCESS_DENIED);
    expect((await script.call('partnership-plus.endpoint', { token: second })).response).toMatchObject({ code: 'api_partner' });
  });
});

describe('change-code', () => {
  test('a partner picks a code under the username rules; a taken or broken code is refused and changes nothing; the old name stops working', async () => {
    const partner = await ctx.server.player('coded_partner');
    await ctx.server.player('taken_name');
    expect((await partner.call('partnership-plus.change-code', { code: 'fresh_code' })).error?.error_code).toBe('DASHBOARD_ACCESS_DENIED');
    await sim(partner, '/api/sim/partners/tag', { name: 'coded_partner', tag: 'partner' });
    const rival = await ctx.server.player('rival_partner');
    await sim(rival, '/api/sim/partners/tag', { name: 'rival_partner', tag: 'partner' });
    expect(await ok(rival, 'partnership-plus.change-code', { code: 'RivalCode' })).toEqual({ code: 'RivalCode' });

    for (const [code, error] of [['1abc', NumericError.INVALID_CODE], ['ab', NumericError.INVALID_CODE], ['a__b_c', NumericError.INVALID_CODE], ['taken_name', NumericError.CODE_UNAVAILABLE], ['rivalcode', NumericError.CODE_UNAVAILABLE]] as const) {
      expect((await partner.call('partnership-plus.change-code', { code })).error?.error_code).toBe(error);
    }
    expect((await ok(partner, 'partnership.referrals', {})).code).toBe('coded_partner');

    expect(await ok(partner, 'partnership-plus.change-code', { code: 'NewCode7' })).toEqual({ code: 'NewCode7' });
    expect((await ok(partner, 'partnership.referrals', {})).code).toBe('NewCode7');
    const referral = await ctx.server.player('coded_referral');
    expect((await referral.call('partnership.activateCode', { code: 'coded_partner' })).error?.error_code).toBe(NumericError.INVALID_CODE);
    await ok(referral, 'partnership.activateCode', { code: 'NewCode7' });
    expect((await ok(referral, 'partnership.getPartner', {})).partner?.name).toBe('coded_partner');
    expect((await ok(partner, 'partnership-plus.home', {})).periods.day.referrals).toBe(1);
  });
});

describe('referral ranks and bans', () => {
  test('ranks follow the scheme, a bad scheme or another partner\'s referral is refused, a banned referral leaves and cannot come back', async () => {
    const partner = await ctx.server.player('rank_partner');
    await sim(partner, '/api/sim/partners/tag', { name: 'rank_partner', tag: 'partner' });
    const other = await ctx.server.player('rank_other');
    await sim(other, '/api/sim/partners/tag', { name: 'rank_other', tag: 'partner' });
    const stranger = await ctx.server.player('rank_stranger');
    await ok(stranger, 'partnership.activateCode', { code: 'rank_other' });
    await sim(partner, '/api/sim/partners/traffic', { name: 'rank_partner', signups: 3, wagers: 2 });

    const page = await ok(partner, 'partnership-plus.referrals', { count: 2 });
    expect(page.referrals).toHaveLength(2);
    expect(page.has_more).toBe(true);
    expect(page.referrals.every((r) => r.rank === 'D' || r.rank === 'E')).toBe(true);
    const next = await ok(partner, 'partnership-plus.referrals', { count: 2, offset: page.referrals[1]!.hash });
    expect(next).toMatchObject({ has_more: false });
    const all = [...page.referrals, ...next.referrals];
    expect(all).toHaveLength(3);

    // A scheme that puts everyone who wagered anything in S.
    const least = Math.min(...all.map((r) => r.wagered));
    for (const bad of [{ S: 5, A: 5, B: 3, C: 2, D: 1 }, { S: 5, A: 4, B: 3, C: 2, D: -1 }]) {
      expect((await partner.call('partnership-plus.change-ranks-scheme', bad)).error?.error_code).toBe(NumericError.INPUT_ERROR);
    }
    expect((await ok(partner, 'partnership-plus.ranks-referrals', {})).scheme).toEqual({ S: 1_000_000, A: 250_000, B: 50_000, C: 10_000, D: 1_000 });
    await ok(partner, 'partnership-plus.change-ranks-scheme', { S: least, A: 4, B: 3, C: 2, D: 1 });
    expect(await ok(partner, 'partnership-plus.ranks-referrals', {})).toEqual({ scheme: { S: least, A: 4, B: 3, C: 2, D: 1 }, ranks: { S: 3, A: 0, B: 0, C: 0, D: 0, E: 0 } });
    const target = all[0]!;
    expect(await ok(partner, 'partnership-plus.referral-rank', { hash: target.hash })).toEqual({ hash: target.hash, rank: 'S', wagered: target.wagered });

    // Another partner's referral reads as nobody, and cannot be banned.
    const strangerHash = (await ok(other, 'partnership-plus.referrals', {})).referrals[0]!.hash;
    expect((await partner.call('partnership-plus.referral-rank', { hash: strangerHash })).error?.error_code).toBe(NumericError.NOT_FOUND);
    expect((await partner.call('partnership-plus.ban-referral', { hash: strangerHash })).error?.error_code).toBe(NumericError.NOT_FOUND);
    expect((await ok(other, 'partnership-plus.ranks-referrals', {})).ranks.E).toBe(1);

    const earnedBefore = (await ok(partner, 'partnership.referrals', {})).earnings.accrued;
    const referralCount = async () => (await ok(partner, 'partnership.referrals', {})).earnings.referrals;
    expect(await referralCount()).toBe(3);
    expect(await ok(partner, 'partnership-plus.ban-referral', { hash: target.hash })).toEqual({ success: true });
    expect(await referralCount()).toBe(2);
    expect((await ok(partner, 'partnership-plus.ranks-referrals', {})).ranks.S).toBe(2);
    expect((await ok(partner, 'partnership-plus.referrals', {})).referrals.map((r) => r.hash)).not.toContain(target.hash);
    expect((await ok(partner, 'partnership.referrals', {})).earnings.accrued).toBe(earnedBefore);
    expect((await partner.call('partnership-plus.ban-referral', { hash: target.hash })).error?.error_code).toBe(NumericError.NOT_FOUND);

    // A banned player who tries the code again is refused, and stays off the list.
    const returning = await ctx.server.player('rank_returning');
    await ok(returning, 'partnership.activateCode', { code: 'rank_partner' });
    expect(await referralCount()).toBe(3);
    const hash = (await ok(partner, 'partnership-plus.referrals', { count: 1 })).referrals[0]!.hash;
    await ok(partner, 'partnership-plus.ban-referral', { hash });
    expect(await referralCount()).toBe(2);
    expect((await returning.call('partnership.activateCode', { code: 'rank_partner' })).error?.error_code).toBe(NumericError.CODE_UNAVAILABLE);
    expect((await ok(returning, 'partnership.getPartner', {})).partner).toBeNull();
    expect(await referralCount()).toBe(2);
  });
});

describe('members list', () => {
  test('staff of scope 2+ and the marketing tag page the partners and club members; anyone else is refused', async () => {
    const plain = await ctx.server.player('members_plain');
    expect((await plain.call('partnership-plus-admin.members')).error?.error_code).toBe(NumericError.ACCESS_DENIED);
    const partner = await ctx.server.player('members_partner');
    await sim(partner, '/api/sim/partners/tag', { name: 'members_partner', tag: 'partner' });
    expect((await partner.call('partnership-plus-admin.members')).error?.error_code).toBe(NumericError.ACCESS_DENIED);

    const staff = await ctx.server.player('members_staff');
    const staffHash = (await ok(staff, 'user.getUser', {})).user.hash;
    await ctx.server.services.db.run('UPDATE users SET scope = 2 WHERE id = ?', parseHash(staffHash));
    const first = await ok(staff, 'partnership-plus-admin.members', { count: 1 });
    expect(first.members[0]).toMatchObject({ name: 'members_partner', code: 'members_partner', tags: ['partner'], referrals: 0 });
    expect(first.has_more).toBe(true);
    const rest = await ok(staff, 'partnership-plus-admin.members', { count: 100, offset: first.members[0]!.hash });
    const names = rest.members.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['dash_partner', 'dash_member', 'coded_partner']));
    expect(names).not.toContain('members_plain');
    expect(rest.members.find((m) => m.name === 'dash_partner')).toMatchObject({ referrals: 8 });

    const marketer = await ctx.server.player('members_marketer');
    await ctx.server.services.db.run(`UPDATE users SET tags = '["marketing"]' WHERE name = 'members_marketer'`);
    expect((await ok(marketer, 'partnership-plus-admin.members', {})).members.length).toBeGreaterThan(3);
  });
});
