/**
 * The simulated world as a player sees it (issue 30, docs/decisions/0051). The population runs
 * on a server of its own, so the shared e2e server's lobby and feeds stay as the other specs
 * expect them. A player on the home page watches the world's drops land, finds its battles
 * in the lobby and its talk in the chat, every simulated name marked as such.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { solveChallenge } from '../../src/core/proof-of-work.ts';
import { expect, test } from './fixtures.ts';
import { acceptCookiesUpFront, newPlayerName } from './helpers.ts';

let server: ChildProcess;
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'arena-world-'));
  server = spawn(process.execPath, ['sim-server/main.ts'], {
    env: {
      ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: 'dist', SIM_POPULATION: '30', SIM_ACTIVITY: '5', SIM_SEED: '11',
      RATE_LIMIT_MAX: '5000', CONNECT_LIMIT_IP: '0', START_GRANT_WINDOW: '0', PASSWORD_COST: '1024', ADDRESS_CHECKS: '0', SOCKETS_PER_IP: '0', CHAT_ACCOUNTS_PER_IP: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /LISTENING (\d+)/.exec(out)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    server.once('exit', (code) => reject(new Error(`the world's server exited (${code})`)));
  });
});

test.afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The world takes `turns` turns now (the console's act), as if minutes had passed. */
async function act(page: Page, turns: number): Promise<void> {
  const key = readFileSync(join(dataDir, 'sim-operator.key'), 'utf8').trim();
  const answer = await page.request.post(`${base}/api/sim/world/population`, { headers: { 'x-sim-key': key }, data: { act: turns } });
  expect((await answer.json()).response).toMatchObject({ size: 30 });
}

async function signIn(page: Page): Promise<void> {
  const data = { username: newPlayerName('world'), password: 'e2e-password' };
  let answer = await (await page.request.post(`${base}/api/connect`, { data })).json();
  if (answer.error?.error_code === 'CAPTCHA_REQUIRED') {
    const { response } = await (await page.request.get(`${base}/api/connect/challenge`)).json();
    answer = await (await page.request.post(`${base}/api/connect`, { data: { ...data, captcha: `${response.challenge}:${await solveChallenge(response.challenge, response.bits)}` } })).json();
  }
  expect(answer.response).toBeDefined();
}

test('a player sees the simulated world: live drops, battles in the lobby, talk in the chat, each name marked', async ({ page }) => {
  test.setTimeout(120_000);
  await acceptCookiesUpFront(page);
  await signIn(page);
  await page.goto(`${base}/`);
  await expect(page.getByRole('heading', { name: 'Live drops' })).toBeVisible();
  // The strip fills as the world opens cases while the page watches.
  await act(page, 90);
  await expect(page.getByRole('list', { name: 'Live drops' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('complementary', { name: 'Chat' });
  const line = chat.getByRole('log', { name: 'Chat messages' }).locator('.chat-msg').filter({ has: page.locator('.sim-marker') }).first();
  await expect(line).toBeVisible({ timeout: 30_000 });
  await expect(line.locator('.sim-marker')).toHaveAttribute('aria-label', 'simulated player');
  await page.screenshot({ path: 'test-results/world-home-1920.png' });

  await page.goto(`${base}/battles`);
  await expect(page.getByRole('list', { name: 'Public battles' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/world-battles-1920.png' });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/`);
  await act(page, 30);
  await expect(page.getByRole('list', { name: 'Live drops' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/world-home-390.png' });
  await page.goto(`${base}/battles`);
  await expect(page.getByRole('list', { name: 'Public battles' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'test-results/world-battles-390.png' });
});
