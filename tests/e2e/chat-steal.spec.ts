// Split-or-steal in the chat, end to end: two players join through the captcha, the beacon
// draws them both (the roulette settles on the first), one splits and one steals, and both see the result with each decision
// checked against its commitment. Screenshots at both widths go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { callAsPlayer, chatOf as chat, joinSteal, operatorHeaders, playerWithChat, stealOf as steal } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const balance = async (page: Page) => (await callAsPlayer<{ user_wallet: { balance: number } }>(page, 'user.getUser')).user_wallet.balance;

test('two players join, are picked, one splits and one steals; both see the checked result', async ({ browser }) => {
  test.setTimeout(120_000);
  const ann = await playerWithChat(browser, 'ann', { width: 1920, height: 1080 }, { wagered: true });
  const bob = await playerWithChat(browser, 'bob', { width: 390, height: 844 }, { wagered: true });
  const started = (await (await ann.page.request.post('/api/sim/steal/start', { headers: operatorHeaders() })).json()) as { response?: { hash: string; reward: number } };
  expect(started.response?.hash).toMatch(/^SF/);
  const reward = started.response!.reward;

  for (const player of [ann, bob]) await joinSteal(player.page);
  await expect(steal(ann.page)).toContainText('2 joined');
  await ann.page.screenshot({ path: `${SHOTS}/chat-steal-waiting-desktop.png` });

  // The world console closes the minute of joining now: the first beacon block after it draws
  // both and the roulette (30 published units) spins and settles on the first pick before the battle.
  const rolled = (await (await ann.page.request.post('/api/sim/world/steal/roll', { headers: operatorHeaders() })).json()) as { response?: { hash: string; status: string } };
  expect(rolled.response).toMatchObject({ hash: started.response!.hash, status: 'rolling' });
  const roulette = steal(ann.page).getByRole('img', { name: /^The roulette / });
  await expect(roulette).toBeVisible({ timeout: 15_000 });
  await expect(steal(ann.page).locator('.steal-roulette-unit')).not.toHaveCount(0);
  await ann.page.screenshot({ path: `${SHOTS}/chat-steal-rolling-desktop.png` });
  await expect(steal(ann.page).getByRole('img', { name: /^The roulette stopped on (.+)$/ })).toBeVisible({ timeout: 15_000 });
  const decision = (page: Page) => steal(page).getByRole('group', { name: 'Your decision' });
  await expect(decision(ann.page)).toBeVisible({ timeout: 20_000 });
  await expect(decision(bob.page)).toBeVisible({ timeout: 10_000 });
  // While they battle, a player's message carries the game's marker, and their opponent sees it highlighted.
  // Addressed to this run's opponent: an earlier run on the same server said it too.
  const plea = `split, ${bob.name}, and we both win`;
  await chat(ann.page).getByRole('textbox', { name: 'Message' }).fill(plea);
  await chat(ann.page).getByRole('textbox', { name: 'Message' }).press('Enter');
  const annSaid = (page: Page) => chat(page).locator('.chat-msg').filter({ hasText: plea });
  await expect(annSaid(bob.page)).toHaveAttribute('data-steal', 'opponent');
  await expect(annSaid(bob.page)).toContainText('Your opponent');
  await expect(annSaid(ann.page)).toHaveAttribute('data-steal', 'player');
  await ann.page.screenshot({ path: `${SHOTS}/chat-steal-battling-desktop.png` });
  await bob.page.screenshot({ path: `${SHOTS}/chat-steal-battling-mobile.png` });
  const bobBefore = await balance(bob.page);

  await decision(ann.page).getByRole('button', { name: 'Split' }).click();
  await expect(steal(ann.page).getByText('You chose split')).toBeVisible();
  // Bob sees only that Ann decided: a commitment, not her choice.
  await expect(steal(bob.page).getByRole('list', { name: 'Picked players' })).toContainText('decided (');
  await decision(bob.page).getByRole('button', { name: 'Steal' }).click();

  for (const [page, me] of [[ann.page, ann.name], [bob.page, bob.name]] as const) {
    await expect(steal(page).getByText('One stole: they take it all.')).toBeVisible({ timeout: 15_000 });
    const players = steal(page).getByRole('list', { name: 'Picked players' });
    // A player's own row may read "You" instead of their name.
    const row = (name: string) => players.getByRole('listitem').filter({ hasText: name === me ? new RegExp(`^(You|${name})\\b`) : name });
    await expect(row(ann.name)).toContainText('split · matches its commitment');
    await expect(row(bob.name)).toContainText('steal · matches its commitment');
  }
  await expect.poll(() => balance(bob.page)).toBe(bobBefore + reward);
  // The chat tells how it ended (chat_steal).
  await expect(ann.page.getByRole('complementary', { name: 'Chat' }).locator('[data-origin="chat_steal"]').filter({ hasText: 'One stole' }).filter({ hasText: bob.name })).toBeVisible({ timeout: 10_000 });
  await ann.page.screenshot({ path: `${SHOTS}/chat-steal-closed-desktop.png` });
  await bob.page.screenshot({ path: `${SHOTS}/chat-steal-closed-mobile.png` });

  // The end of the game links to its public record, which replays it in the browser (the
  // phone's chat sheet closes on the way).
  for (const [player, label] of [[ann, 'desktop'], [bob, 'mobile']] as const) {
    await steal(player.page).getByRole('link', { name: 'Replay and verify this game' }).click();
    await expect(player.page).toHaveURL(new RegExp(`/provably-fair/steal/${started.response!.hash}$`));
    await expect(player.page.getByRole('heading', { name: `Split or steal ${started.response!.hash}` })).toBeVisible({ timeout: 15_000 });
    const picked = player.page.getByRole('table', { name: 'Picked players' });
    await expect(picked).toContainText(ann.name);
    await expect(picked).toContainText(bob.name);
    await player.page.getByRole('button', { name: 'Recompute here' }).click();
    const status = player.page.getByRole('status').filter({ hasText: /Recomputed|Mismatch/ });
    await expect(status).toContainText('Recomputed in your browser: everything matches.');
    await expect(status).toContainText('The 2 picks recompute from the beacon, in order.');
    // The body's rows are the picks in order.
    const rows = await picked.locator('tbody tr').allInnerTexts();
    await expect(status).toContainText(`Pick ${rows.findIndex((row) => row.includes(ann.name)) + 1}'s split matches its commitment.`);
    await expect(status).toContainText(`Pick ${rows.findIndex((row) => row.includes(bob.name)) + 1}'s steal matches its commitment.`);
    await expect(status).toContainText('The payout recomputes: One stole: they take it all.');
    await player.page.screenshot({ path: `${SHOTS}/steal-record-${label}.png`, fullPage: true });
  }
  // A game id that does not exist says so.
  await ann.page.goto('/provably-fair/steal/SF99999999');
  await expect(ann.page.getByText('Game not found.')).toBeVisible({ timeout: 15_000 });
  await ann.context.close();
  await bob.context.close();
});
