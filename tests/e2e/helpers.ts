import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A player name no earlier test used: passes the name rules (a letter first, 5 to 25 characters). */
export function newPlayerName(prefix = 'player'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid % 1000}x${counter}`.slice(0, 25);
}

/** Signs a new player in through the connect service; the page's context gets the cookies. */
export async function signInByApi(page: Page, name = newPlayerName()): Promise<string> {
  const answer = await page.request.post('/api/connect', { data: { username: name, password: 'e2e-password' } });
  expect(await answer.json()).toMatchObject({ response: { user: { name } } });
  return name;
}

/** The site header (role banner). */
export const header = (page: Page) => page.getByRole('banner');

/** Hides the cookie banner for tests that do not look at it. */
export async function acceptCookiesUpFront(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('cookie_accepted', '1'));
}
