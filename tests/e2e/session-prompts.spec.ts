/**
 * Calls that wait on a prompt (document 3 section 8 'Request lifecycle'): the page's own call
 * is answered once with the prompt's error by the test (the sim asks for a captcha or a code
 * only in its own flows), then reaches the real server when the prompt is done.
 */
import type { Page, Request, WebSocketRoute } from '@playwright/test';
import { base32Decode, totp } from '../../sim-server/auth/totp.ts';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, callAsPlayer, signInByApi } from './helpers.ts';

/** Answers the first case.getCases with `code`; answers the requests that went to the server. */
async function firstCasesCallFails(page: Page, code: string, message: string): Promise<Request[]> {
  const passed: Request[] = [];
  let failed = false;
  await page.route('**/api/method/case.getCases*', async (route) => {
    if (failed) {
      passed.push(route.request());
      return route.continue();
    }
    failed = true;
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ error: { error_code: code, error_msg: message } }) });
  });
  return passed;
}

const casesList = (page: Page) => page.getByRole('list', { name: 'Cases' }).getByRole('link').first();

async function screens(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}-1920.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/screens/${name}-390.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
}

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

test('CAPTCHA_REQUIRED holds the page’s call behind the protection challenge, then the page loads', async ({ page }) => {
  const passed = await firstCasesCallFails(page, 'CAPTCHA_REQUIRED', 'Complete the protection challenge');
  await page.goto('/cases');
  const challenge = page.getByRole('dialog', { name: 'Protection challenge' });
  // The page's code and its first call come first: seconds on a loaded machine.
  await expect(challenge).toBeVisible({ timeout: 30_000 });
  await expect(casesList(page)).toHaveCount(0);
  // No notice for CAPTCHA_REQUIRED (document 3 section 8).
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await screens(page, 'prompt-captcha');
  await challenge.getByRole('button', { name: 'I am a player' }).click();
  await expect(challenge).toBeHidden();
  await expect(casesList(page)).toBeVisible();
  expect(passed).toHaveLength(1);
});

test('SECURE_CODE_REQUIRED asks for the 2FA code and retries the call with it; Esc cancels silently', async ({ page }) => {
  const passed = await firstCasesCallFails(page, 'SECURE_CODE_REQUIRED', 'Enter the code from your authenticator app');
  await page.goto('/cases');
  const prompt = page.getByRole('dialog', { name: 'Two-factor code' });
  // The page's code and its first call come first: seconds on a loaded machine.
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  const code = prompt.getByLabel('Code from your authenticator app');
  await expect(code).toBeFocused();
  await expect(prompt.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await code.fill('123 456');
  await screens(page, 'prompt-secure-code');
  await code.press('Enter');
  await expect(prompt).toBeHidden();
  await expect(casesList(page)).toBeVisible();
  expect(new URL(passed[0]!.url()).searchParams.get('secure_code')).toBe('123456');

  // Cancelled: the call ends as 'Cancelled by user.', without a notice.
  await page.unrouteAll();
  await firstCasesCallFails(page, 'SECURE_CODE_REQUIRED', 'Enter the code from your authenticator app');
  await page.reload();
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test('SECURE_REQUIRED walks the player through the real 2FA setup, then the call goes through', async ({ page }) => {
  await signInByApi(page);
  const passed = await firstCasesCallFails(page, 'SECURE_REQUIRED', 'Set up two-factor authentication to continue');
  await page.goto('/cases');
  const prompt = page.getByRole('dialog', { name: '2FA Required' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Set up 2FA' }).click();
  const key = prompt.getByLabel('Setup key');
  await expect(key).toBeVisible();
  await screens(page, 'prompt-secure-setup');

  // A wrong code is refused by the server, in the modal.
  const code = prompt.getByLabel('The code your app shows now');
  const secret = base32Decode((await key.innerText()).replace(/\s+/g, ''))!;
  const right = totp(secret, Date.now());
  await code.fill(right === '000000' ? '111111' : '000000');
  await prompt.getByRole('button', { name: 'Enable 2FA' }).click();
  await expect(prompt.getByRole('alert')).not.toBeEmpty();

  await code.fill(totp(secret, Date.now()));
  await prompt.getByRole('button', { name: 'Enable 2FA' }).click();
  await expect(prompt).toBeHidden();
  await expect(casesList(page)).toBeVisible();
  expect(passed).toHaveLength(1);
  expect(await callAsPlayer(page, 'account.secure-status')).toEqual({ enabled: true });
});

test('a protection challenge pushed over the socket holds calls until the player answers', async ({ page }) => {
  let client: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    client = ws;
    ws.connectToServer();
  });
  await page.goto('/');
  await expect.poll(() => Boolean(client)).toBe(true);
  client!.send(JSON.stringify({ type: 'PROTECTION_CHALLENGE', data: { token: 'challenge-1' } }));
  const challenge = page.getByRole('dialog', { name: 'Protection challenge' });
  await expect(challenge).toBeVisible();
  // A case page: the home page has not asked for its box, so opening it needs a new call.
  const cases = (await (await page.request.get('/api/method/case.getCases')).json()) as { response: { cases: { key: string; name: string }[] } };
  const box = cases.response.cases[0]!;
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/method/case.getBoxByKey')) calls.push(request.url());
  });
  // Behind the modal the page is inert; a page change from the address keeps its call waiting.
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/case/${box.key}`);
  await page.waitForTimeout(500);
  expect(calls).toEqual([]);
  await challenge.getByRole('button', { name: 'I am a player' }).click();
  await expect(page.getByRole('heading', { level: 1, name: box.name })).toBeVisible();
  expect(calls.length).toBeGreaterThan(0);
});
