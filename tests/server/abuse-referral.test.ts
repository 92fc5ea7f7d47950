/**
 * Issue "money integrity" 6 (docs/decisions/0048): no self-referral. A code applied from a
 * device or an address its owner signed in from is refused: no partner, no 5% deposit bonus, and
 * no referral counted toward the owner's rules (20 referrals for a cashout).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { CodeMessage } from '../../sim-server/domains/partnership/referrals.ts';
import { startServer, type TestServer } from './harness.ts';
import { expectLedgerOk, lastEntry, ok, testClock, walletCode, type Client } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  // The address checks on, and each client's address taken from X-Forwarded-For.
  server = await startServer({ now: clock.now, addressChecks: true, trustProxy: true });
});
afterAll(() => server.close());

const OWNER_IP = '198.51.100.21';
const OWN_CODE_REFUSED = { error_code: NumericError.CODE_UNAVAILABLE, error_msg: CodeMessage.OWNERS_ORIGIN };

/** Deposits `coins` with a gift code minted by the operator (on loopback: the sim console answers no other address). */
async function deposit(player: Client, coins: string): Promise<void> {
  expect(await ok(player, 'wallet.gift', { code: await walletCode(server.client(), coins) })).toEqual({ success: true });
}

const referralsOf = async (owner: Client) => (await ok(owner, 'partnership.referrals')).earnings;

describe('self-referral', () => {
  test('a second account on the owner\'s device, or at the owner\'s address, is refused the code and gets neither partner nor bonus; a player elsewhere still gets both', async () => {
    const owner = await server.player('self_owner', undefined, { ip: OWNER_IP });
    const sameDevice = await server.player('self_device', undefined, { ip: '203.0.113.40', device: owner.jar.get('device_token')!.value });
    const sameAddress = await server.player('self_address', undefined, { ip: OWNER_IP });
    for (const alt of [sameDevice, sameAddress]) {
      expect((await alt.call('partnership.activateCode', { code: 'self_owner' })).error).toEqual(OWN_CODE_REFUSED);
      expect(await ok(alt, 'partnership.getPartner')).toMatchObject({ partner: null, code: null, cashback_available: false });
      await deposit(alt, '100');
      expect(await lastEntry(alt)).toMatchObject({ type: 'gift_code', amount: 10_000 });
    }
    expect(await referralsOf(owner)).toMatchObject({ referrals: 0 });

    // Another device and another address: the code works as before, and counts.
    const friend = await server.player('self_friend', undefined, { ip: '192.0.2.77' });
    expect(await ok(friend, 'partnership.activateCode', { code: 'self_owner' })).toEqual({ success: true });
    expect((await ok(friend, 'partnership.getPartner')).partner).toMatchObject({ name: 'self_owner' });
    await deposit(friend, '100');
    expect(await lastEntry(friend)).toMatchObject({ type: 'promo_code', amount: 500 });
    expect(await referralsOf(owner)).toMatchObject({ referrals: 1 });
    await expectLedgerOk(server);
  });

  test('twenty accounts from the owner\'s address count no referral toward the cashout\'s twenty', async () => {
    const owner = await server.player('tier_owner', undefined, { ip: '198.51.100.22' });
    for (let i = 0; i < 20; i++) {
      const alt = await server.player(`tier_alt${i}`, undefined, { ip: '198.51.100.22' });
      expect((await alt.call('partnership.activateCode', { code: 'tier_owner' })).error).toEqual(OWN_CODE_REFUSED);
    }
    expect(await referralsOf(owner)).toMatchObject({ referrals: 0, can_claim: false });
  });
});
