import type { Browser, Page } from '@playwright/test';
import { FULL_MOTION, expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

test.use(FULL_MOTION);

/** A stream-club partner on air with an open party (dress code "Neon Hat"); answers their page, name, stream and party. */
async function partnerWithParty(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const name = await signInByApi(page, newPlayerName('host'));
  const sim = (path: string, data: unknown) => page.request.post(path, { data, headers: operatorHeaders() }).then((r) => r.json() as Promise<{ response: Record<string, string> }>);
  await sim('/api/sim/partners/tag', { name, tag: 'club_member' });
  const stream = (await sim('/api/sim/streams', { name, channel: `${name}TV`, title: 'Party night', followers: 4200 })).response.hash!;
  // The stream club asks for the linked Kick channel: the one just streamed from the sim console.
  await callAsPlayer(page, 'partnership-plus.connect-kick', { name: `${name}TV` });
  await callAsPlayer(page, 'partnership-plus.join-stream-club');
  await callAsPlayer(page, 'partnership-plus.change-party-settings', { min_wagered: 500, min_period: 5, min_level: 0, invite_code: 'Neon Hat' });
  const { party } = await callAsPlayer<{ party: string }>(page, 'partnership-plus.buy-party-fuel', { amount: 10_000, stamp: `fuel-${name}` });
  return { page, name, stream, party, sim };
}

/** The viewer takes the host's code and wagers five coins under it (the party's condition). */
async function becomeReferral(page: Page, host: string): Promise<void> {
  await callAsPlayer(page, 'partnership.activateCode', { code: host, anonymous: 0 });
  const { listing } = await callAsPlayer<{ listing: { hash: string }[] }>(page, 'arena-case.listing', { fields: 'enabled' });
  const { game } = await callAsPlayer<{ game: { token: string } }>(page, 'arena-unbox.create', { box_hash: listing[0]!.hash, count: 5 });
  for (let i = 0; i < 5; i++) await callAsPlayer(page, 'arena-unbox.roll', { token: game.token });
}

test('a referral sees the party modal open once, joins with the dress code, and sees the pause when the host leaves', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const host = await partnerWithParty(browser, baseURL);
  try {
    await acceptCookiesUpFront(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const viewer = await signInByApi(page);
    await becomeReferral(page, host.name);

    // The lobby widget opens the party modal by itself the first time.
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/event/stream-party\\?id=${host.party}`));
    const modal = page.getByRole('dialog', { name: 'Stream party' });
    await expect(modal.getByText(host.name, { exact: true })).toBeVisible();
    await expect(modal.getByRole('link', { name: 'WATCH' })).toHaveAttribute('href', `/api/sim/streams/${host.stream}/watch`);
    const tierButtons = modal.getByRole('group', { name: 'Tiers' }).getByRole('button');
    await expect(tierButtons).toHaveCount(3);
    // 100 coins of fuel: a Deposit Bonus booster of 20, coins cards of 30 and 50.
    await expect(tierButtons.nth(0)).toContainText('Deposit Bonus');
    await expect(tierButtons.nth(0)).toContainText('20.00');
    await expect(tierButtons.nth(1)).toContainText('Coins card');
    await expect(tierButtons.nth(1)).toContainText('30.00');
    await expect(tierButtons.nth(2)).toContainText('50.00');
    await expect(modal.getByRole('progressbar', { name: 'Party progress' })).toBeVisible();
    await expect(modal.getByText('Server seed hash')).toBeVisible();

    // Join: the invite code sub-modal's button waits for a code; a wrong one is refused.
    await modal.getByRole('button', { name: 'Join party' }).click();
    const codeModal = page.getByRole('dialog', { name: 'Enter invite code' });
    await expect(codeModal.getByRole('button', { name: 'Join' })).toBeDisabled();
    await codeModal.getByLabel('The streamer’s dress code').fill('Neon Hat');
    await codeModal.getByRole('button', { name: 'Join' }).click();
    await expect(modal.getByText('JOINED', { exact: true })).toBeVisible();
    await expect(modal.getByRole('table')).toContainText(viewer);

    for (const [label, viewport] of [['desktop', { width: 1920, height: 1080 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      await expect(modal.getByText('JOINED', { exact: true })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `test-results/party-modal-${label}.png` });
    }
    await page.setViewportSize({ width: 1920, height: 1080 });

    // Closed, it does not open again by itself: the widget stays to open it.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
    const widget = page.getByRole('link', { name: `Stream party of ${host.name}` });
    await expect(widget).toBeVisible();
    await page.reload();
    await expect(widget).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // Ten minutes on air (the operator moves the air time on): tier 1 is drawn among its one member.
    await widget.click();
    await expect(modal.getByText('JOINED', { exact: true })).toBeVisible();
    await host.sim(`/api/sim/parties/${host.party}/advance`, { minutes: 10 });
    await expect(page.getByLabel('Drawing tier 1')).toBeVisible();
    const banner = modal.getByRole('status').filter({ hasText: `${viewer} won tier 1: Deposit Bonus` });
    // The PixiJS roulette loads on demand, then spins 4 s: on a busy machine that takes a while.
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: 'test-results/party-modal-winner-desktop.png' });
    await expect(banner).toHaveCount(0);
    const tier1 = modal.getByRole('group', { name: 'Tiers' }).getByRole('button').first();
    await expect(tier1).toContainText(`Won by ${viewer}`);
    await tier1.click();
    const fairness = modal.getByRole('region', { name: 'Tier 1 fairness' });
    await expect(fairness).toContainText('Drawn');
    await expect(fairness).toContainText('1 published');
    await expect(fairness.getByText('Shown once the tier is drawn')).toHaveCount(0);
    // The prize is the winner's: the booster waits, ready, in their boosters list.
    const mine = await callAsPlayer<{ boosters: Record<string, { kind: string; status: string; params: { bonus_max: number | null } }> }>(page, 'booster.load', { batch: 'CORE_BOOSTER' });
    expect(Object.values(mine.boosters).filter((b) => b.kind === 'deposit_bonus')).toMatchObject([{ status: 'ready', params: { bonus_max: 2_000 } }]);
    await modal.getByRole('button', { name: 'Party info' }).click();
    const info = page.getByRole('dialog', { name: 'Party info' });
    await expect(info).toContainText('modulo the number of members, plus 1');
    await info.getByRole('button', { name: 'Close' }).click();
    await expect(info).toHaveCount(0);
    await expect(modal).toBeVisible();

    // The host leaves: the party pauses and says so.
    await host.sim(`/api/sim/streams/${host.stream}/stop`, {});
    await expect(modal.getByText('The party progress has been paused; the streamer is not on the site and the party may be closed automatically.')).toBeVisible();
    await expect(modal.getByText('INACTIVE', { exact: true })).toBeVisible();
    await expect(modal.getByText('PAUSED', { exact: true })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: 'test-results/party-modal-inactive-desktop.png' });
  } finally {
    // The host disbands the party, so no other spec's players meet it.
    await callAsPlayer(host.page, 'partnership-plus.close-party', { stamp: `close-${host.name}` });
  }
  // The modal closes when its party disappears.
  await expect(page.getByRole('dialog', { name: 'Stream party' })).toHaveCount(0);
});

test('a partner buys party fuel from the modal; when a party of theirs is already open, the close-party prompt closes it and the purchase goes through', async ({ page }) => {
  test.setTimeout(180_000);
  await acceptCookiesUpFront(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const name = await signInByApi(page, newPlayerName('host'));
  const sim = (path: string, data: unknown) => page.request.post(path, { data, headers: operatorHeaders() }).then((r) => r.json() as Promise<{ response: Record<string, string> }>);
  await sim('/api/sim/partners/tag', { name, tag: 'club_member' });
  await sim('/api/sim/streams', { name, channel: `${name}TV`, title: 'Fuel night', followers: 900 });

  await page.goto('/event/stream-party');
  const modal = page.getByRole('dialog', { name: 'Stream party' });
  // Streamed but no Kick channel linked: the club says what to do, and no toast.
  await modal.getByRole('button', { name: 'Join the stream club' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Connect your Kick channel first: Badges and Kick on your partner dashboard.');
  await callAsPlayer(page, 'partnership-plus.connect-kick', { name: `${name}TV` });
  await modal.getByRole('button', { name: 'Join the stream club' }).click();
  await expect(modal.getByLabel('Party fuel')).toBeVisible();
  await modal.getByLabel('Party fuel').selectOption({ label: '30.00' });

  // Another tab opens a party just before this purchase reaches the server.
  let first = '';
  await page.route('**/api/method/**', async (route) => {
    const request = route.request();
    if (!first && `${request.url()} ${request.postData() ?? ''}`.includes('partnership-plus.buy-party-fuel')) {
      first = (await callAsPlayer<{ party: string }>(page, 'partnership-plus.buy-party-fuel', { amount: 3_000, stamp: `other-tab-${name}` })).party;
    }
    await route.continue();
  });
  await modal.getByRole('button', { name: 'Buy party fuel' }).click();
  const prompt = page.getByRole('dialog', { name: 'Close your stream party' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Close party' }).click();
  await expect(prompt).toHaveCount(0);

  // The retried purchase opened a new party, which the modal now shows.
  await expect(modal.getByRole('group', { name: 'Tiers' }).getByRole('button')).toHaveCount(3);
  await expect(modal.getByRole('button', { name: 'Change dress code' })).toBeVisible();
  const settings = await callAsPlayer<{ party: string | null }>(page, 'partnership-plus.party-settings');
  expect(settings.party).not.toBeNull();
  expect(settings.party).not.toBe(first);
  await page.unroute('**/api/method/**');
  await callAsPlayer(page, 'partnership-plus.close-party', { stamp: `close-${name}` });
});

test('a partner sets the party mode and each tier\'s requirement on the dashboard; joining the club asks for the Kick link first', async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookiesUpFront(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const name = await signInByApi(page, newPlayerName('host'));
  const sim = (path: string, data: unknown) => page.request.post(path, { data, headers: operatorHeaders() });
  expect((await sim('/api/sim/partners/tag', { name, tag: 'partner' })).ok()).toBe(true);

  await page.goto(`/partnership/@${name}`);
  const settings = page.locator('section', { has: page.getByRole('heading', { name: 'Party settings', exact: true }) });
  await expect(settings).toContainText('Join the stream club to host parties');
  await settings.getByRole('button', { name: 'Join the stream club' }).click();
  await expect(settings.getByRole('alert')).toHaveText('Connect your Kick channel first (Badges and Kick, below), then join.');

  // Rank mode: tier 1 open to every rank, tier 2 to C or better, tier 3 to S only.
  await settings.getByLabel('Party mode').selectOption({ label: 'Referral rank' });
  await expect(settings.getByLabel('Tier 1 lowest rank')).toHaveValue('6');
  await settings.getByLabel('Tier 2 lowest rank').selectOption({ label: 'C' });
  await settings.getByLabel('Tier 3 lowest rank').selectOption({ label: 'S' });
  await settings.getByRole('button', { name: 'Save party settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved. Your next party uses these tiers.');
  const saved = await callAsPlayer<{ mode: string; required: number[] }>(page, 'partnership-plus.party-settings');
  expect(saved).toMatchObject({ mode: 'rank', required: [6, 4, 1] });

  // After the reload the form shows what the server holds.
  await page.reload();
  await expect(settings.getByLabel('Party mode')).toHaveValue('rank');
  await expect(settings.getByLabel('Tier 2 lowest rank')).toHaveValue('4');

  // With the Kick channel linked, the club takes them.
  expect((await sim('/api/sim/streams', { name, channel: `${name}TV` })).ok()).toBe(true);
  await callAsPlayer(page, 'partnership-plus.connect-kick', { name: `${name}TV` });
  await settings.getByRole('button', { name: 'Join the stream club' }).click();
  await expect(settings.getByRole('button', { name: 'Leave the stream club' })).toBeVisible();
  await expect(settings).toContainText('You are in the stream club');

  // Level mode: each tier's minimum level.
  await settings.getByLabel('Party mode').selectOption({ label: 'Level' });
  await settings.getByLabel('Tier 3 minimum level').fill('20');
  await settings.getByRole('button', { name: 'Save party settings' }).click();
  await expect(settings.getByRole('status')).toBeVisible();
  expect(await callAsPlayer<{ mode: string; required: number[] }>(page, 'partnership-plus.party-settings')).toMatchObject({ mode: 'level', required: [0, 0, 20] });

  for (const [label, viewport] of [['1920', { width: 1920, height: 1080 }], ['390', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await settings.scrollIntoViewIfNeeded();
    await settled(page);
    await settings.screenshot({ path: `test-results/party-settings-${label}.png` });
  }
});

test('the party roulette is drawn by PixiJS and lands on the published winner; deposits fill the deposit goals and pay their booster', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const host = await partnerWithParty(browser, baseURL);
  const others: Page[] = [];
  try {
    await acceptCookiesUpFront(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signInByApi(page);
    await becomeReferral(page, host.name);
    await callAsPlayer(page, 'event-party.join', { id: host.party, invite_code: 'Neon Hat' });
    // Three more members, so the strip has several faces and the winner is the ticket's pick.
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext({ baseURL });
      const other = await context.newPage();
      others.push(other);
      await signInByApi(other, newPlayerName('fan'));
      await becomeReferral(other, host.name);
      await callAsPlayer(other, 'event-party.join', { id: host.party, invite_code: 'Neon Hat' });
    }

    await page.goto(`/event/stream-party?id=${host.party}`);
    const modal = page.getByRole('dialog', { name: 'Stream party' });
    await expect(modal.getByText('JOINED', { exact: true })).toBeVisible();

    // Deposit goals: the bar starts empty; a member's 100.00 deposit reaches the first goal.
    const goals = modal.getByRole('progressbar', { name: 'Deposit goals' });
    await expect(goals).toHaveAttribute('aria-valuenow', '0');
    await expect(modal.getByText(/Participants deposited 0\.00 of 100\.00/)).toBeVisible();
    const { code } = (await host.sim('/api/sim/gift-codes', { kind: 'wallet', coins: '100' })).response as { code: string };
    await callAsPlayer(others[0]!, 'wallet.gift', { code });
    await expect(modal.getByText(/Participants deposited 100\.00 of 500\.00/)).toBeVisible();
    await expect(goals).toHaveAttribute('aria-valuenow', '33');
    // Every member (the viewer too, who did not deposit) holds the goal's +5% Deposit Bonus booster.
    const mine = await callAsPlayer<{ boosters: Record<string, { kind: string; params: { bonus_max: number | null; multiplier: number } }> }>(page, 'booster.load', { batch: 'CORE_BOOSTER' });
    expect(Object.values(mine.boosters).filter((b) => b.kind === 'deposit_bonus').map((b) => b.params.bonus_max)).toEqual([500]);
    await settled(page);
    await modal.locator('.party-deposit-goals').screenshot({ path: 'test-results/party-deposit-goals-desktop.png' });

    for (const [number, label, viewport] of [[1, 'desktop', { width: 1920, height: 1080 }], [2, 'phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(viewport);
      await host.sim(`/api/sim/parties/${host.party}/advance`, { minutes: 10 });
      // The advance drew the tier: its published record, before the browser shows anything.
      const tier = (await callAsPlayer<{ tier: { winner_hash: string | null; participants: string[] | null } }>(page, 'event-party.get-tier', { id: host.party, number })).tier;
      expect(tier.participants).toHaveLength(4);
      expect(tier.winner_hash).not.toBeNull();
      const { party } = await callAsPlayer<{ party: { users: { hash: string; display_name: string }[] } }>(page, 'event-party.get', { id: host.party });
      const winnerName = party.users.find((u) => u.hash === tier.winner_hash)!.display_name;
      const stage = page.getByRole('region', { name: `Drawing tier ${number}` });
      // The case roulette's PixiJS scene, loaded on demand, spins in place of the progress bar.
      await expect(stage.locator('canvas')).toHaveCount(1, { timeout: 20_000 });
      await expect(modal.getByRole('progressbar', { name: 'Party progress' })).toHaveCount(0);
      // Where the strip really stopped is the published winner.
      await expect(stage).toHaveAttribute('data-landed', tier.winner_hash!, { timeout: 20_000 });
      await expect(stage.getByRole('status')).toContainText(`${winnerName} won tier ${number}`);
      await page.screenshot({ path: `test-results/party-roulette-landed-${label}.png` });
      // After the banner, the progress bar is back.
      await expect(modal.getByRole('progressbar', { name: 'Party progress' })).toBeVisible({ timeout: 10_000 });
    }
  } finally {
    await callAsPlayer(host.page, 'partnership-plus.close-party', { stamp: `close-${host.name}` });
    for (const other of others) await other.context().close();
    await host.page.context().close();
  }
});
