import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, appRunning, callAsPlayer, operatorHeaders, settled, signInByApi } from './helpers.ts';

type Thread = { thread: { hash: string } | null; messages: { from: string; text: string }[] };

test('/support opens the support chat over the page it came from; the console answers and the answer appears live', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await acceptCookiesUpFront(page);
  const name = await signInByApi(page);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await appRunning(page);
  // In-app to /cases, then Support: the chat opens over /cases and the address goes back to it.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cases', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cases');
  // The page the way back leads to is the one that has loaded (use-shell-visits.ts).
  await expect(page).toHaveTitle(/^Cases/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Support', exact: true }).click();
  const chat = page.getByRole('dialog', { name: 'Support' });
  await expect(chat).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/cases');
  const conversation = chat.getByRole('list', { name: 'Conversation with support' });
  const box = chat.getByLabel('Message to support');
  await expect(box).toBeFocused();

  // An empty message is refused in the window and nothing is sent.
  await box.fill('   ');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  expect((await callAsPlayer<Thread>(page, 'support.thread')).thread).toBeNull();

  await box.fill('My withdrawal is stuck');
  await box.press('Enter');
  await expect(conversation.locator('[data-from="player"]')).toHaveText([/My withdrawal is stuck/]);
  await expect(box).toHaveValue('');
  const { thread } = await callAsPlayer<Thread>(page, 'support.thread');

  // The operator sees it in the console and answers; the answer arrives without a reload.
  const listed = (await (await page.request.get('/api/sim/support.json', { headers: operatorHeaders() })).json()) as { response: { open: { hash: string; player: { name: string } }[] } };
  expect(listed.response.open.find((t) => t.player.name === name)?.hash).toBe(thread!.hash);
  const answered = await page.request.post(`/api/sim/support/${thread!.hash}/answer`, { data: { text: 'We are looking at it now' }, headers: operatorHeaders() });
  expect(((await answered.json()) as { response?: unknown }).response).toBeTruthy();
  await expect(conversation.locator('[data-from="agent"]')).toHaveText([/We are looking at it now/]);

  for (const [label, viewport] of [['desktop', { width: 1920, height: 1080 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await expect(chat).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `test-results/screens/support-${label}.png` });
  }
  await page.setViewportSize({ width: 1920, height: 1080 });

  // The console page shows the conversation.
  const console = await browser.newPage({ extraHTTPHeaders: operatorHeaders() });
  await console.goto(page.url().replace(/\/cases.*$/, '/api/sim/support'));
  const section = console.getByRole('region', { name: `Thread ${thread!.hash} with ${name}` });
  await expect(section).toContainText('My withdrawal is stuck');
  await expect(section).toContainText('We are looking at it now');
  await console.screenshot({ path: 'test-results/screens/support-console.png', fullPage: true });
  await console.close();

  // Closed, the page is the one the player came from; back goes to the page before it.
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/cases');
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/faq');

  // The thread outlives a reload; an answer while the window is closed is told as a notice.
  await page.reload();
  await appRunning(page);
  await page.request.post(`/api/sim/support/${thread!.hash}/answer`, { data: { text: 'Sent again, check your wallet' }, headers: operatorHeaders() });
  await expect(page.getByText('Sent again, check your wallet')).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/faq');
  await expect(conversation.locator('li[data-from]')).toHaveText([/My withdrawal is stuck/, /We are looking at it now/, /Sent again, check your wallet/]);

  // A flood is refused with the server's words, and the text stays in the box.
  for (let i = 1; i < 5; i++) {
    await box.fill(`follow-up ${i}`);
    await box.press('Enter');
    await expect(conversation.locator('[data-from="player"]')).toHaveCount(1 + i);
  }
  await box.fill('one too many');
  await box.press('Enter');
  await expect(chat.getByRole('alert')).toHaveText(/Not so fast! Slow down with your messages/);
  await expect(box).toHaveValue('one too many');
  await expect(conversation.locator('[data-from="player"]')).toHaveCount(5);

  // Opened by its address (typed, shared), /support opens the chat and sends the page to /.
  await page.goto('/support');
  await expect(chat).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(conversation.locator('[data-from="agent"]')).toHaveCount(2);

  // Logging out (here from another tab's request) shuts the chat down and closes the thread.
  await page.request.post('/api/connect/logout', { data: {} });
  await expect(chat).toBeHidden();
  const after = (await (await page.request.get('/api/sim/support.json', { headers: operatorHeaders() })).json()) as { response: { closed: { hash: string; closed_reason: string }[] } };
  expect(after.response.closed.find((t) => t.hash === thread!.hash)?.closed_reason).toBe('logout');
});
