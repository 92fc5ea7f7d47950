import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, chatOf, dropOneItem, operatorHeaders, playerWithChat } from './helpers.ts';

type Me = { user: { id: number; hash: string; name: string }; user_wallet: { balance: number } };

const log = (page: Page) => chatOf(page).getByRole('log', { name: 'Chat messages' });
const me = (page: Page) => callAsPlayer<Me>(page, 'user.getUser');

/** Types and sends a line, once the send delay of the last one has run out. */
async function say(page: Page, text: string) {
  const field = chatOf(page).getByRole('textbox', { name: 'Message' });
  await expect(field).not.toHaveAttribute('placeholder', /^Wait/, { timeout: 6000 });
  await field.fill(text);
  await field.press('Enter');
  await expect(field).toHaveValue('');
}

test('two players chat live: a message, a reply, an emoji, a tip and a mute', async ({ browser }) => {
  // One long scenario in two browsers, with the 3 s send delay between a player's lines.
  test.setTimeout(240_000);
  const alice = await playerWithChat(browser, 'alice');
  const bob = await playerWithChat(browser, 'bob');

  await say(alice.page, 'hello from alice');
  await expect(log(bob.page).getByText('hello from alice')).toBeVisible();
  await expect(log(bob.page).getByText(alice.name)).toBeVisible();

  // Bob replies from the message's hover actions; Alice sees the quote.
  const aliceLine = log(bob.page).locator('.chat-msg', { hasText: 'hello from alice' }).first();
  await aliceLine.hover();
  await aliceLine.getByRole('button', { name: 'Reply' }).click();
  await expect(chatOf(bob.page).getByText(`Replying to ${alice.name}`)).toBeVisible();
  await say(bob.page, 'hi alice');
  const replyLine = log(alice.page).locator('.chat-msg', { hasText: 'hi alice' });
  await expect(replyLine.locator('.chat-quote')).toContainText(`${alice.name}: hello from alice`);

  // An emoji from the Arena pack reaches Bob as its glyph, and lands in Recently Used.
  // Alice waits out her send delay first, as the placeholder tells her to.
  await expect(chatOf(alice.page).getByRole('textbox', { name: 'Message' })).not.toHaveAttribute('placeholder', /^Wait/);
  await chatOf(alice.page).getByRole('button', { name: 'Emojis' }).click();
  await chatOf(alice.page).getByRole('tab', { name: 'Arena' }).click();
  await chatOf(alice.page).getByRole('button', { name: 'Emoji arena_0' }).click();
  await expect(chatOf(alice.page).getByRole('textbox', { name: 'Message' })).toHaveValue('::arena_0:: ');
  await chatOf(alice.page).getByRole('textbox', { name: 'Message' }).press('End');
  await chatOf(alice.page).getByRole('textbox', { name: 'Message' }).pressSequentially('lit');
  await chatOf(alice.page).getByRole('button', { name: 'Send' }).click();
  await expect(log(bob.page).locator('.chat-msg', { hasText: 'lit' }).getByRole('img', { name: 'arena 0' })).toHaveText('🔥');
  await chatOf(alice.page).getByRole('button', { name: 'Emojis' }).click();
  await chatOf(alice.page).getByRole('tab', { name: 'Recently Used' }).click();
  await expect(chatOf(alice.page).getByRole('button', { name: 'Emoji arena_0' })).toBeVisible();
  await chatOf(alice.page).getByRole('button', { name: 'Emojis' }).click();

  // Bob tips Alice 5.00 coins with /tip: the coins move once and both chats show it.
  const [aliceBefore, bobBefore] = [await me(alice.page), await me(bob.page)];
  await say(bob.page, `/tip ${aliceBefore.user.id}`);
  const tip = bob.page.getByRole('dialog', { name: `Tip ${alice.name}` });
  await tip.getByLabel('Amount (coins)').fill('5');
  await tip.getByRole('button', { name: 'Send tip' }).click();
  await expect(tip).toBeHidden();
  for (const page of [alice.page, bob.page]) {
    // The chat is shared with every other spec's players (chat-tip-wager posts a tip too): pick this one's line.
    await expect(log(page).locator('.chat-msg-tip', { hasText: `${bob.name} tipped` })).toContainText(`${bob.name} tipped 5.00 coins to ${alice.name}`);
  }
  expect((await me(alice.page)).user_wallet.balance).toBe(aliceBefore.user_wallet.balance + 500);
  expect((await me(bob.page)).user_wallet.balance).toBe(bobBefore.user_wallet.balance - 500);

  // Bob mutes Alice for 24 hours: her messages leave his chat, new ones never show; hers stay.
  await aliceLine.hover();
  await aliceLine.getByRole('button', { name: 'Mute' }).click();
  const mute = bob.page.getByRole('dialog', { name: `Mute ${alice.name}` });
  await mute.getByRole('radio', { name: '24 hours' }).click();
  await mute.getByRole('button', { name: 'Mute' }).click();
  await expect(log(bob.page).getByText('hello from alice', { exact: true })).toBeHidden();
  await say(alice.page, 'can you hear me');
  await expect(log(alice.page).getByText('can you hear me')).toBeVisible();
  await say(bob.page, 'quiet now');
  await expect(log(alice.page).getByText('quiet now')).toBeVisible();
  await expect(log(bob.page).getByText('quiet now')).toBeVisible();
  await expect(log(bob.page).getByText('can you hear me')).toHaveCount(0);

  // The blocked users list shows her, and unmuting brings her back.
  await chatOf(bob.page).getByRole('button', { name: 'Chat menu' }).click();
  await chatOf(bob.page).getByRole('menuitem', { name: 'Manage blocked users' }).click();
  const blocked = bob.page.getByRole('dialog', { name: 'Blocked users' });
  await expect(blocked.getByRole('link', { name: alice.name })).toBeVisible();
  await blocked.getByRole('button', { name: 'Unmute' }).click();
  await expect(blocked.getByText('No users blocked')).toBeVisible();
  await blocked.getByRole('button', { name: 'Close' }).click();
  await expect(log(bob.page).getByText('can you hear me')).toBeVisible();

  await alice.page.screenshot({ path: 'test-results/chat-desktop.png' });
  await alice.context.close();
  await bob.context.close();
});

test('an empty send shakes, a long line shows the counter, and visitors are asked to log in', async ({ browser }) => {
  test.setTimeout(60_000);
  const carol = await playerWithChat(browser, 'carol', { width: 390, height: 844 });
  const field = chatOf(carol.page).getByRole('textbox', { name: 'Message' });
  await field.fill('   ');
  await field.press('Enter');
  await expect(chatOf(carol.page).locator('form.chat-shake')).toBeVisible();
  await field.fill('x'.repeat(101));
  await expect(chatOf(carol.page).getByText('101 / 200')).toBeVisible();
  await field.fill('a message from a phone');
  await field.press('Enter');
  await expect(log(carol.page).getByText('a message from a phone')).toBeVisible();
  await carol.page.screenshot({ path: 'test-results/chat-mobile.png' });
  await carol.context.close();

  const visitor = await browser.newPage();
  await acceptCookiesUpFront(visitor);
  await visitor.goto('/');
  await appRunning(visitor);
  await visitor.getByRole('button', { name: 'Open chat' }).click();
  await expect(log(visitor).getByText('a message from a phone')).toBeVisible();
  await expect(chatOf(visitor).getByRole('button', { name: 'Log in to chat' })).toBeVisible();
  await visitor.close();
});

test('a player tips the rain, a rain opens, and they join it through the captcha', async ({ browser }) => {
  // Three proofs of work (two sign-ins and the rain's captcha) on a busy machine: a ceiling, not a wait.
  test.setTimeout(150_000);
  const dave = await playerWithChat(browser, 'dave');
  await dropOneItem(dave.page);
  const rain = chatOf(dave.page).getByRole('region', { name: 'Rain' });
  await rain.getByRole('button', { name: 'Tip rain' }).click();
  const tip = dave.page.getByRole('dialog', { name: 'Tip the rain' });
  await tip.getByLabel('Amount (coins)').fill('25');
  await tip.getByRole('button', { name: 'Add to the pot' }).click();
  await expect(tip).toBeHidden();
  await expect(rain).toContainText(/Rain pot\s*\d+\.\d\d/);

  const started = (await (await dave.page.request.post('/api/sim/rain/start', { headers: operatorHeaders() })).json()) as { response?: { hash: string } };
  expect(started.response?.hash).toMatch(/^SF/);
  await expect(rain.getByRole('button', { name: 'Join the rain' })).toBeVisible();
  await rain.getByRole('button', { name: 'Join the rain' }).click();
  const join = dave.page.getByRole('dialog', { name: 'Join the rain' });
  await expect(join.getByRole('button', { name: 'Join' })).toBeEnabled({ timeout: 30_000 });
  await join.getByRole('button', { name: 'Join' }).click();
  await expect(rain.getByText('You are a participant')).toBeVisible();
  await expect(rain).toContainText('1 joined');
  await dave.page.screenshot({ path: 'test-results/chat-rain-desktop.png' });

  const erin = await playerWithChat(browser, 'erin', { width: 390, height: 844 });
  await expect(chatOf(erin.page).getByRole('region', { name: 'Rain' }).getByRole('button', { name: 'Join the rain' })).toBeVisible();
  await erin.page.screenshot({ path: 'test-results/chat-rain-mobile.png' });

  // The world console closes the joining now and the next beacon block draws it: every chat
  // shows the rewards, here rather than over a later test's page.
  const closed = (await (await dave.page.request.post('/api/sim/world/rain/close', { headers: operatorHeaders() })).json()) as { response?: { hash: string } };
  expect(closed.response?.hash).toBe(started.response!.hash);
  await expect(dave.page.getByRole('dialog', { name: 'Rain rewards' })).toContainText(dave.name, { timeout: 20_000 });
  await dave.context.close();
  await erin.context.close();
});
