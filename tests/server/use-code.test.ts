// The use-code flow (document 1 sections 2.2 and 5): a partner's card and profile carry the code
// they share, and partnership-plus.activate-code takes it; an unknown code, one's own and the
// code one already uses are refused with the spec's codes and change nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { ALREADY_USED } from '../../sim-server/domains/partnership/deal-methods.ts';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, expectLedgerOk, ok, sim, walletCode, type Client } from './wallet-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function tagged(name: string, tag: 'partner' | 'club_member'): Promise<{ client: Client; hash: string }> {
  const client = await server.player(name);
  await sim(client, '/api/sim/partners/tag', { name, tag });
  const { user } = (await ok(client, 'user.getUser')) as { user: { hash: string } };
  return { client, hash: user.hash };
}

const referrals = async (partner: Client) => (await ok(partner, 'partnership-plus.dashboard', { period: 'all' })).figures.referrals;

describe('use code', () => {
  test('a partner\'s profile and card carry their code (a chosen one once changed); anyone else\'s carry none', async () => {
    const partner = await tagged('code_sharer', 'partner');
    const member = await tagged('club_sharer', 'club_member');
    const plain = await server.player('plain_viewer');
    const { user: plainUser } = (await ok(plain, 'user.getUser')) as { user: { hash: string } };
    expect((await ok(plain, 'user.getUser', { user_name: 'code_sharer' })).user).toMatchObject({ code: 'code_sharer' });
    expect((await ok(server.client(), 'user.widget', { user_hash: partner.hash })).user.code).toBe('code_sharer');
    expect((await ok(server.client(), 'user.widget', { user_hash: member.hash })).user.code).toBe('club_sharer');
    expect((await ok(server.client(), 'user.widget', { user_hash: plainUser.hash })).user.code).toBeNull();
    await ok(partner.client, 'partnership-plus.change-code', { code: 'SharedCode5' });
    expect((await ok(server.client(), 'user.widget', { user_hash: partner.hash })).user.code).toBe('SharedCode5');
  });

  test('an unknown code is 28, one\'s own is 29, the code one already uses is 29: nothing changes', async () => {
    const partner = await tagged('used_partner', 'partner');
    const player = await server.player('code_user');
    const refused = async (code: string) => (await player.call('partnership-plus.activate-code', { code })).error;
    expect(await refused('nobody_has_this')).toEqual({ error_code: NumericError.INVALID_CODE, error_msg: 'Invalid code' });
    expect(await refused('code_user')).toEqual({ error_code: NumericError.CODE_UNAVAILABLE, error_msg: 'You cannot use your own code' });
    expect(await ok(player, 'partnership.getPartner')).toMatchObject({ partner: null, code: null });

    expect(await ok(player, 'partnership-plus.activate-code', { code: 'used_partner', anonymous: 1 })).toEqual({ success: true, kind: 'referral' });
    expect(await ok(player, 'partnership.getPartner')).toMatchObject({ partner: { name: 'used_partner' }, anonymous: true });
    expect(await referrals(partner.client)).toBe(1);

    // The same code again (with another anonymous flag) is refused, and the flag stays.
    expect((await player.call('partnership-plus.activate-code', { code: 'USED_PARTNER', anonymous: 0 })).error).toEqual({ error_code: NumericError.CODE_UNAVAILABLE, error_msg: ALREADY_USED });
    expect(await ok(player, 'partnership.getPartner')).toMatchObject({ partner: { name: 'used_partner' }, anonymous: true });
    expect(await referrals(partner.client)).toBe(1);
  });

  test('a used gift code answers its cause and pays nothing twice', async () => {
    const player = await server.player('gift_user');
    const gift = await walletCode(player, '10');
    const before = await balanceOf(player);
    expect(await ok(player, 'partnership-plus.activate-code', { code: gift })).toEqual({ success: true, kind: 'gift' });
    const paid = await balanceOf(player);
    expect(paid).toBe(before + 1_000);
    const again = await ok(player, 'partnership-plus.activate-code', { code: gift });
    expect(again).toMatchObject({ success: false, kind: 'gift' });
    expect(again.cause).toMatch(/\S/);
    expect(await balanceOf(player)).toBe(paid);
    await expectLedgerOk(server);
  });
});
