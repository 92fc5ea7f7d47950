// The world console (docs/decisions/0050) in the browser: its page at both widths, and what a
// player sees after each trigger: the maintenance screen, the protection challenge, the close-party
// prompt, and the chat's special messages. Screenshots go to test-results/screens/.
//
// The maintenance test tells every socket of the server: each worker has a server of its own
// (servers.ts), so it reaches no test but its own.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { solvePow } from '../../src/core/rain.ts';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, expectLive, newPlayerName, operatorHeaders, settled, signInByApi } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

type Envelope<T = Record<string, unknown>> = { response?: T; error?: { error_code: number | string; error_msg: string } };

/** POSTs a console trigger as the operator; answers the envelope. */
async function trigger<T = Record<string, unknown>>(page: Page, path: string, data: unknown = {}): Promise<Envelope<T>> {
  return (await (await page.request.post(`/api/sim/world/${path}`, { data, headers: operatorHeaders() })).json()) as Envelope<T>;
}

async function signedInAt(browser: Browser, prefix: string, viewport: { width: number; height: number }, path = '/') {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page, newPlayerName(prefix));
  await page.goto(path);
  await appRunning(page);
  await expectLive(page);
  return { context, page, name };
}

/** Makes the player a club member with a stream and has them open a stream party; answers its id. */
async function hostParty(page: Page, name: string): Promise<string> {
  const sim = (path: string, data: unknown) => page.request.post(path, { data, headers: operatorHeaders() });
  await sim('/api/sim/partners/tag', { name, tag: 'club_member' });
  await sim('/api/sim/streams', { name, channel: `${name}TV`, title: 'Party night', followers: 4200 });
  await callAsPlayer(page, 'partnership-plus.connect-kick', { name: `${name}TV` });
  await callAsPlayer(page, 'partnership-plus.join-stream-club');
  const { party } = await callAsPlayer<{ party: string }>(page, 'partnership-plus.buy-party-fuel', { amount: 3_000, stamp: `fuel-${name}` });
  return party;
}

/** Has the console close `name`'s party: the host is prompted, and the prompt is on screen. */
async function closePrompt(page: Page, name: string, party: string): Promise<Locator> {
  expect((await trigger(page, 'party/close', { name })).response).toMatchObject({ party, prompted: true });
  const prompt = page.getByRole('dialog', { name: 'Close your stream party' });
  await expect(prompt).toBeVisible();
  return prompt;
}

/** Keeps the party at its prompt: the prompt goes, and the party's modal opens by itself and loads. */
async function keepParty(page: Page, prompt: Locator): Promise<void> {
  await prompt.getByRole('button', { name: 'Keep the party' }).click();
  await expect(prompt).toHaveCount(0);
  const partyModal = page.getByRole('dialog', { name: 'Stream party', exact: true });
  await expect(partyModal).toBeVisible();
  await expect(partyModal.getByText('Loading the party…')).toHaveCount(0);
}

/** Holds the page's requests matching `pattern` until `release()`; `count()` says how many came. */
async function holdRequests(page: Page, pattern: RegExp): Promise<{ count(): number; release(): void }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(pattern, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { count: () => held, release };
}

const chatOf = (page: Page) => page.getByRole('complementary', { name: 'Chat' });

/** Closes every notice on screen. */
async function dismissNotices(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

test('the console page groups its controls, says what each does and shows the last action, at both widths', async ({ browser }) => {
  test.setTimeout(60_000);
  for (const [label, viewport] of [['desktop', { width: 1920, height: 1080 }], ['mobile', { width: 390, height: 844 }]] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // The printed link: the key goes into a cookie of the console's own path, then out of the address.
    const key = operatorHeaders()['x-sim-key']!;
    await page.goto(`/api/sim/world?key=${key}`);
    await expect(page).toHaveURL(/\/api\/sim\/world$/);
    await expect(page.getByRole('heading', { name: 'Sim world', level: 1 })).toBeVisible();
    for (const group of ['Population', 'Rain', 'Split or steal', 'Race', 'Maintenance', 'A player', 'Streams', 'Cases', 'The house in the chat']) {
      await expect(page.getByRole('region', { name: group })).toBeVisible();
    }
    await expect(page.getByRole('status', { name: 'Last action' })).toContainText('None yet');
    await page.screenshot({ path: `${SHOTS}/world-console-${label}.png`, fullPage: true });

    // A refused action comes back in red with the server's words; a done one says what happened.
    const player = page.getByRole('region', { name: 'A player' });
    await player.getByLabel('Player (login name)').first().fill('nobody_at_all');
    await player.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status', { name: 'Last action' })).toContainText('Refused');
    await expect(page.getByRole('status', { name: 'Last action' })).toContainText('No player named nobody_at_all');
    await page.getByRole('region', { name: 'The house in the chat' }).getByRole('button', { name: 'Post the Discord promo' }).click();
    await expect(page.getByRole('status', { name: 'Last action' })).toContainText('The house posted the Discord promo');
    await page.screenshot({ path: `${SHOTS}/world-console-last-action-${label}.png` });
    await context.close();
  }
});

test('maintenance: the page reloads into the maintenance screen, which goes when the console closes it', async ({ browser }) => {
  test.setTimeout(90_000);
  const desk = await signedInAt(browser, 'maint', { width: 1920, height: 1080 });
  const phone = await signedInAt(browser, 'maintm', { width: 390, height: 844 });
  try {
    const reloaded = desk.page.waitForEvent('load');
    const opened = await trigger(desk.page, 'maintenance', { open: true, going_down: true, message: 'Updating the arena: back in a few minutes.' });
    expect(opened.response).toMatchObject({ open: true, going_down: true });
    await reloaded;
    for (const page of [desk.page, phone.page]) {
      const screen = page.getByRole('alertdialog', { name: 'Maintenance' });
      await expect(screen).toBeVisible({ timeout: 20_000 });
      await expect(screen).toContainText('Updating the arena: back in a few minutes.');
      await expect(screen).toContainText('Waiting for the arena to come back');
      // The cookie says why the page reloaded, and stays while the maintenance runs.
      expect((await page.context().cookies()).some((c) => c.name === 'maintenance' && c.value === '1')).toBe(true);
    }
    await settled(desk.page);
    await desk.page.screenshot({ path: `${SHOTS}/maintenance-desktop.png` });
    await phone.page.screenshot({ path: `${SHOTS}/maintenance-mobile.png` });
  } finally {
    await trigger(desk.page, 'maintenance', { open: false });
  }
  for (const page of [desk.page, phone.page]) {
    await expect(page.getByRole('alertdialog', { name: 'Maintenance' })).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText('The maintenance is over: the arena is back.')).toBeVisible();
    expect((await page.context().cookies()).some((c) => c.name === 'maintenance')).toBe(false);
  }
  await desk.context.close();
  await phone.context.close();
});

test('a protection challenge sent from the console opens its modal; the player confirms and it closes', async ({ browser }) => {
  const { context, page, name } = await signedInAt(browser, 'prot', { width: 1920, height: 1080 });
  expect((await trigger<{ token: string }>(page, 'protection', { name })).response?.token).toMatch(/^[0-9a-f]{32}$/);
  const modal = page.getByRole('dialog', { name: 'Protection challenge' });
  await expect(modal).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/protection-challenge-desktop.png` });
  await modal.getByRole('button', { name: 'I am a player' }).click();
  await expect(modal).toHaveCount(0);
  await context.close();
});

test('the close-party prompt from the console: the host closes the party from its modal', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page, name } = await signedInAt(browser, 'phost', { width: 1920, height: 1080 });
  const party = await hostParty(page, name);
  const prompt = await closePrompt(page, name, party);
  await expect(prompt).toContainText('Your stream party must be closed before the arena goes on.');
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/close-party-prompt-desktop.png` });
  await prompt.getByRole('button', { name: 'Close party' }).click();
  await expect(prompt).toHaveCount(0);
  expect((await callAsPlayer<{ party: string | null }>(page, 'partnership-plus.party-settings')).party).toBeNull();
  // Nothing left to close: the console says so and changes nothing.
  expect((await trigger(page, 'party/close', { name })).error).toMatchObject({ error_code: 19, error_msg: `${name} hosts no open party` });
  await context.close();
});

test('a party that opens while a prompt is up waits behind it: the prompt stays on top, the party\'s modal comes after', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page, name } = await signedInAt(browser, 'pwait', { width: 1920, height: 1080 });
  // The lobby's answer that brings the new party is held until the prompt is on screen: the
  // order a slow network gives when the party and the prompt come close together.
  const lobbies = await holdRequests(page, /\/api\/method\/event-party\.lobby/);
  const party = await hostParty(page, name);
  // The lobby's news of the party makes the page read the lobby again.
  await expect.poll(lobbies.count, { timeout: 20_000 }).toBeGreaterThan(0);
  const prompt = await closePrompt(page, name, party);

  // The lobby answers now: the party's card shows behind the prompt, and no modal covers it.
  lobbies.release();
  await expect(page.locator('.party-widget')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Stream party', exact: true })).toHaveCount(0);

  // Keeping the party ends the prompt; then the party's modal opens by itself, once, and loads.
  await keepParty(page, prompt);
  await context.close();
});

test('a party modal already on its way when a prompt comes up waits behind it, and opens once the prompt is answered', async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page, name } = await signedInAt(browser, 'pway', { width: 1920, height: 1080 });
  // The party's page code is held: the lobby widget has asked for the modal, and it lands only
  // after the prompt is on screen (a busy phone's order; CI once caught it so).
  const code = await holdRequests(page, /\/assets\/stream-party-[\w-]+\.js$/);
  const party = await hostParty(page, name);
  await expect.poll(code.count, { timeout: 20_000 }).toBe(1);
  const prompt = await closePrompt(page, name, party);

  code.release();
  await expect(page).toHaveURL(/\/event\/stream-party\?id=/);
  await expect(page.getByRole('dialog', { name: 'Stream party', exact: true })).toHaveCount(0);
  await expect(prompt).toBeVisible();

  await keepParty(page, prompt);
  await context.close();
});

test('the chat\'s special messages after their events, at both widths', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page, name } = await signedInAt(browser, 'specials', { width: 1920, height: 1080 });
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(chatOf(page).getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 15_000 });
  const special = (origin: string) => chatOf(page).locator(`[data-origin="${origin}"]`);

  // A real drop worth telling: the dearest case, opened until one clears 50 coins (about one in ten),
  // each other drop sold back. The message comes once the spin has ended.
  const { cases } = await callAsPlayer<{ cases: { hash: string; key: string; price: number }[] }>(page, 'case.getCases');
  const dearest = cases.toSorted((a, b) => b.price - a.price)[0]!;
  let dropped: { name: string } | null = null;
  let unsold: string[] = [];
  for (let tries = 0; tries < 80 && !dropped; tries++) {
    const { game } = await callAsPlayer<{ game: { token: string } }>(page, 'arena-unbox.create', { box_hash: dearest.hash, count: 1 });
    const roll = await callAsPlayer<{ item: { name: string; price: number }; asset: { hash: string } }>(page, 'arena-unbox.roll', { token: game.token, fast: 1 });
    if (roll.item.price >= 5_000) dropped = roll.item;
    else unsold.push(roll.asset.hash);
    // Sold back ten at a time (each sale is a notice).
    if (unsold.length === 10) {
      await callAsPlayer(page, 'inventory.instantSell', { hashes: unsold.join(',') });
      unsold = [];
    }
  }
  expect(dropped, 'a drop of 50 coins or more within 80 cases').not.toBeNull();
  await expect(special('arena_drop').filter({ hasText: dropped!.name })).toBeVisible({ timeout: 15_000 });

  // The house's messages, a stream going live, a song requested and a tip into the rain.
  // (Earlier tests may have posted the house's messages too: each check reads the newest.)
  expect((await trigger(page, 'chat/house', { kind: 'discord' })).response).toBeDefined();
  await expect(special('system').last().getByRole('link', { name: 'Join the Discord' })).toBeVisible();
  expect((await trigger(page, 'chat/house', { kind: 'item' })).response).toBeDefined();
  await expect(special('system').last()).toContainText(/Spotlight: .+ worth [\d,.]+ coins/);
  expect((await trigger(page, 'stream/start', { name, title: 'Opening legends live', followers: 12_400 })).response).toBeDefined();
  await expect(special('stream').last()).toContainText('Opening legends live');
  await expect(special('stream').last()).toContainText('12k followers');
  const { list } = await callAsPlayer<{ list: { id: string; name: string; order: number | null }[] }>(page, 'radio.list', { count: 20 });
  const song = list.find((s) => s.order === null)!;
  await callAsPlayer(page, 'radio.request', { id: song.id, stamp: `song-${name}` });
  await expect(special('radio').last()).toContainText(song.name);
  await callAsPlayer(page, 'chat-rain.tip', { amount: 2_500, stamp: `raintip-${name}` });
  await expect(special('rakeback_rain').filter({ hasText: 'added' }).last()).toContainText('25.00');

  // A rain joined and drawn now: its rewards message.
  const rain = (await trigger<{ hash: string; captcha: { challenge: string; difficulty: number } }>(page, 'rain/start', { pot: 10 })).response!;
  await expect(chatOf(page).getByRole('region', { name: 'Rain' }).getByRole('button', { name: 'Join the rain' })).toBeVisible();
  const me = await callAsPlayer<{ user: { hash: string } }>(page, 'user.getUser');
  await callAsPlayer(page, 'chat-rain.join', { rain_hash: rain.hash, token: solvePow(rain.captcha.challenge, me.user.hash, rain.captcha.difficulty)! });
  expect((await trigger(page, 'rain/close')).response).toMatchObject({ hash: rain.hash });
  await expect(special('rakeback_rain').filter({ hasText: 'The rain paid' }).last()).toBeVisible({ timeout: 15_000 });
  // The rain's own rewards modal opens for a player it paid; the notices of the sales and the
  // achievements stand over the chat: both are put away for the picture.
  const rewards = page.getByRole('dialog', { name: 'Rain rewards' });
  await expect(rewards).toBeVisible();
  await rewards.getByRole('button', { name: /close/i }).click();
  await expect(rewards).toHaveCount(0);
  await dismissNotices(page);

  await settled(page);
  await chatOf(page).screenshot({ path: `${SHOTS}/chat-special-messages-desktop.png` });
  await page.screenshot({ path: `${SHOTS}/chat-special-messages-desktop-page.png` });

  // The same chat on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await appRunning(page);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await expect(special('rakeback_rain').first()).toBeVisible({ timeout: 15_000 });
  await expect(special('arena_drop').first()).toBeVisible();
  await dismissNotices(page);
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/chat-special-messages-mobile.png` });
  // A split-or-steal game opened from the console shows its block; closing its joining with nobody in cancels it.
  expect((await trigger(page, 'steal/start', { winners: 2 })).response).toBeDefined();
  const steal = chatOf(page).getByRole('region', { name: 'Split or steal' });
  await expect(steal.getByRole('button', { name: 'Join split or steal' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/chat-steal-block-mobile.png` });
  expect((await trigger(page, 'steal/roll')).response).toMatchObject({ status: 'closed', result: 'cancelled' });
  await expect(steal).toContainText('Too few players joined: cancelled.');
  await trigger(page, 'stream/stop', { name });
  await context.close();
});
