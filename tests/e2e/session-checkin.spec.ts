/**
 * Check-in and the login reminder (document 1 sections 4 'Session' and 9): check-ins after
 * authentication and when the page becomes active, others at most once per 60 s with a 5 s
 * guard; the reminder every 180 s while logged out and focused. Time runs on Playwright's clock.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, header, signInByApi } from './helpers.ts';

/** Passes the socket through, recording the frame types each side sends. */
async function recordSocket(page: Page) {
  const fromClient: string[] = [];
  const fromServer: string[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      fromClient.push((JSON.parse(String(message)) as { type: string }).type);
      server.send(message);
    });
    server.onMessage((message) => {
      fromServer.push((JSON.parse(String(message)) as { type: string }).type);
      ws.send(message);
    });
  });
  const count = (list: string[], type: string) => list.filter((t) => t === type).length;
  return { checkins: () => count(fromClient, 'checkin'), answers: () => count(fromServer, '#CHECKIN'), authed: () => count(fromServer, 'AUTHED') };
}

const becomeActive = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

test('a signed-in player checks in after authenticating, when the page becomes active, and on activity at most once a minute', async ({ page }) => {
  await page.clock.install();
  const socket = await recordSocket(page);
  await signInByApi(page);
  await page.goto('/faq');
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();
  await expect.poll(socket.authed).toBe(1);
  await expect.poll(socket.checkins).toBe(1);
  // The real server answers each check-in.
  await expect.poll(socket.answers).toBe(1);

  // Within the 5 s guard nothing more goes out, not even for the page becoming active.
  await becomeActive(page);
  await page.mouse.click(5, 400);
  await page.clock.runFor(1_000);
  expect(socket.checkins()).toBe(1);

  // After the guard, becoming active checks in although the minute has not passed.
  await page.clock.runFor(5_000);
  await becomeActive(page);
  await expect.poll(socket.checkins).toBe(2);

  // Activity waits out the minute since the last check-in.
  await page.clock.runFor(30_000);
  await page.mouse.click(5, 400);
  await page.clock.runFor(100);
  expect(socket.checkins()).toBe(2);
  await page.clock.runFor(30_000);
  await page.mouse.click(5, 400);
  await expect.poll(socket.checkins).toBe(3);
  await expect.poll(socket.answers).toBe(3);
});

test('a visitor sends no check-in and sees the login reminder every 180 s, never over a modal; a player never sees it', async ({ page }) => {
  await page.clock.install();
  const socket = await recordSocket(page);
  await page.goto('/');
  await expect(header(page).getByRole('img', { name: 'Live' })).toBeVisible();
  const reminder = page.getByRole('region', { name: 'Login reminder' });

  // The clock also runs on its own while the page loads, so the first check leaves a margin.
  await page.clock.runFor(170_000);
  await expect(reminder).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(reminder).toBeVisible();
  await expect(reminder.getByRole('button', { name: 'Login via steam' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/login-reminder-1920.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/login-reminder-390.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await reminder.getByRole('button', { name: 'Not now' }).click();
  await expect(reminder).toHaveCount(0);

  // With the login form open the reminder stays away.
  await header(page).getByRole('button', { name: 'Login via steam' }).click({ modifiers: ['Shift'] });
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await page.clock.runFor(180_000);
  await expect(reminder).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.clock.runFor(180_000);
  await expect(reminder).toBeVisible();
  expect(socket.checkins()).toBe(0);

  // Signed in (here, by the API; the tab notices the cookie), the reminder goes and never comes back.
  await signInByApi(page);
  await page.clock.runFor(200);
  await expect(reminder).toHaveCount(0);
  await expect(header(page).getByTestId('balance')).toBeVisible();
  await page.clock.runFor(360_000);
  await expect(reminder).toHaveCount(0);
});
