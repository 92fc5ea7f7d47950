// An anonymous split-or-steal game end to end (document 2: `anonymous`, the input state "You’re
// in the giveaway"; docs/decisions/0052): two players join, the draw names nobody while it
// runs (a watcher sees Pick 1 and Pick 2, no roulette), the picked see their own seat as You and
// decide, their chat input is the giveaway notice while it battles, and everything is named once
// it closes. Screenshots at both widths go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { chatOf as chat, joinSteal, operatorHeaders, playerWithChat, settled, stealOf as steal } from './helpers.ts';

const SHOTS = 'test-results/screens';
test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const giveaway = (page: Page) => chat(page).getByRole('status').filter({ hasText: 'You’re in the giveaway' });

test('an anonymous game names nobody until it closes, and its players cannot write while it battles', async ({ browser }) => {
  test.setTimeout(120_000);
  const ann = await playerWithChat(browser, 'anna', { width: 1920, height: 1080 }, { wagered: true });
  const bob = await playerWithChat(browser, 'bobby', { width: 390, height: 844 }, { wagered: true });
  const watcher = await playerWithChat(browser, 'watch', { width: 1920, height: 1080 }, { wagered: true });
  const started = (await (await ann.page.request.post('/api/sim/steal/start', { headers: operatorHeaders(), data: { anonymous: true } })).json()) as { response?: { hash: string; anonymous: boolean } };
  expect(started.response).toMatchObject({ anonymous: true });
  await expect(steal(watcher.page).getByText('Anonymous', { exact: true })).toBeVisible();

  for (const player of [ann, bob]) await joinSteal(player.page);
  await expect(steal(watcher.page)).toContainText('2 joined');

  // The world console closes the minute of joining now (no test waits it out); the draw names
  // nobody and no roulette spins.
  const rolled = (await (await ann.page.request.post('/api/sim/world/steal/roll', { headers: operatorHeaders() })).json()) as { response?: { hash: string } };
  expect(rolled.response?.hash).toBe(started.response!.hash);
  const decision = (page: Page) => steal(page).getByRole('group', { name: 'Your decision' });
  await expect(decision(ann.page)).toBeVisible({ timeout: 30_000 });
  await expect(decision(bob.page)).toBeVisible({ timeout: 15_000 });
  await expect(steal(watcher.page).getByRole('img', { name: /^The roulette/ })).toHaveCount(0);
  const watched = steal(watcher.page).getByRole('list', { name: 'Picked players' });
  await expect(watched.getByRole('listitem')).toHaveCount(2);
  await expect(watched).toContainText('Pick 1');
  await expect(watched).toContainText('Pick 2');
  await expect(watched).not.toContainText(ann.name);
  await expect(watched).not.toContainText(bob.name);
  // Each picked player sees their own seat as You.
  await expect(steal(ann.page).getByRole('list', { name: 'Picked players' })).toContainText('You');
  await expect(steal(ann.page).getByRole('list', { name: 'Picked players' })).not.toContainText(bob.name);

  // While it battles the two cannot write; the watcher can.
  for (const player of [ann, bob]) {
    await expect(giveaway(player.page)).toBeVisible();
    await expect(chat(player.page).getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  }
  await expect(chat(watcher.page).getByRole('textbox', { name: 'Message' })).toBeVisible();
  await settled(ann.page);
  await ann.page.screenshot({ path: `${SHOTS}/steal-anonymous-battling-desktop.png` });
  await settled(bob.page);
  await bob.page.screenshot({ path: `${SHOTS}/steal-anonymous-battling-mobile.png` });
  await watcher.page.screenshot({ path: `${SHOTS}/steal-anonymous-watcher-desktop.png` });

  await decision(ann.page).getByRole('button', { name: 'Split' }).click();
  await decision(bob.page).getByRole('button', { name: 'Split' }).click();

  // Closed: every pick is named, and the chat is theirs again.
  for (const page of [ann.page, bob.page, watcher.page]) {
    await expect(steal(page).getByText('Nobody stole: the reward is shared.')).toBeVisible({ timeout: 15_000 });
  }
  await expect(watched).toContainText(ann.name, { timeout: 15_000 });
  await expect(watched).toContainText(bob.name);
  for (const player of [ann, bob]) {
    await expect(giveaway(player.page)).toHaveCount(0);
    await expect(chat(player.page).getByRole('textbox', { name: 'Message' })).toBeVisible();
  }
  await settled(watcher.page);
  await watcher.page.screenshot({ path: `${SHOTS}/steal-anonymous-closed-desktop.png` });
  for (const player of [ann, bob, watcher]) await player.context.close();
});
