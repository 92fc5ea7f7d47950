/**
 * A signed-in player's first view of /inventory: the server answers the built page with the
 * player's own items and total rendered in (http/first-views.ts), by the app's components built
 * for Node as the build builds them (scripts/build.ts), and the page as built when it cannot.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCoins } from '../../src/core/money.ts';
import { buildFirstViews } from '../../scripts/build.ts';
import { cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

/** The built page's shape: each of the player's parts blank between its marks (scripts/prerender.ts). */
const BLANK_TOTAL = '<div class="inventory-total" style="visibility: hidden;" aria-hidden="true"><span>&nbsp;&nbsp;</span></div>';
const BLANK_ITEMS = '<div class="inventory-items" style="visibility: hidden;" aria-hidden="true"><ul class="item-grid"><li>&nbsp;</li></ul></div>';
const COPY =
  '<!doctype html><title>Inventory</title><div id="root"><h1>Your items</h1>' +
  `<!--first-view:inventory-total-->${BLANK_TOTAL}<!--/first-view:inventory-total-->` +
  `<!--first-view:inventory-items-->${BLANK_ITEMS}<!--/first-view:inventory-items-->` +
  '</div>';

let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'arena-first-views-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Arena shell</title>');
  mkdirSync(join(staticDir, 'signed-in'));
  writeFileSync(join(staticDir, 'signed-in', 'inventory.html'), COPY);
  writeFileSync(join(staticDir, 'signed-in', 'routes.json'), JSON.stringify({ '/inventory': 'signed-in/inventory.html' }));
  await buildFirstViews(staticDir);
  server = await startServer({ staticDir });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** A player holding the drops of `count` openings of the cheapest case. */
async function holder(name: string, count: number): Promise<Client> {
  const player = await server.player(name);
  if (count > 0) await openCases(player, (await cheapestCase(player)).hash, count);
  return player;
}

async function inventoryPage(client: Client) {
  const { status, body, response } = await client.request('/inventory');
  return { status, html: String(body.text), cacheControl: response.headers.get('cache-control'), vary: response.headers.get('vary') };
}

describe("a signed-in player's first view of the inventory", () => {
  it("holds the player's own items and total, each with its sell button, and is never kept by a cache", async () => {
    const player = await holder('fv_holder', 5);
    const { items, resume } = await ok(player, 'inventory.getAssets', {});
    const page = await inventoryPage(player);
    expect(page.status).toBe(200);
    for (const item of items) expect(page.html).toContain(`aria-label="Sell ${item.name} for ${formatCoins(item.price)} coins"`);
    expect(page.html.match(/<li>/g)).toHaveLength(5);
    expect(page.html).toContain('<span>5 items</span>');
    expect(page.html).toContain(formatCoins(resume.total_price));
    expect(page.html).not.toContain('visibility: hidden');
    // The first screen's art is asked for at once, from the HTML.
    expect(page.html).toContain(`<img class="item-art" src="${items[0]!.image}" alt="" loading="eager" fetchPriority="high"`);
    expect(page.cacheControl).toBe('private, no-store');
    expect(page.vary).toMatch(/cookie/i);
  });

  it("holds another player's own items, never the first's", async () => {
    const first = await holder('fv_one', 5);
    const second = await holder('fv_two', 1);
    const theirs = await ok(second, 'inventory.getAssets', {});
    const [firstPage, secondPage] = await Promise.all([inventoryPage(first), inventoryPage(second)]);
    expect(firstPage.html.match(/<li>/g)).toHaveLength(5);
    expect(secondPage.html.match(/<li>/g)).toHaveLength(1);
    expect(secondPage.html).toContain(`Sell ${theirs.items[0]!.name}`);
    expect(secondPage.html).toContain('<span>1 item</span>');
  });

  it('leaves the list as built for a player with no items, for the app to say so', async () => {
    const player = await holder('fv_empty', 0);
    const page = await inventoryPage(player);
    expect(page.html).toContain(`<!--first-view:inventory-items-->${BLANK_ITEMS}<!--/first-view:inventory-items-->`);
    expect(page.html).toContain('<span>0 items</span>');
  });

  it('is the page as built without a session, or with one that is no longer valid', async () => {
    const player = await holder('fv_leaving', 1);
    const stale = player.jar.get('access_token')?.value;
    expect(stale).toBeTruthy();
    await player.logout();
    const signedOut = createCookieClient({ logged: '1' });
    expect((await signedOut('/inventory')).html).toBe(COPY);
    expect((await createCookieClient({ logged: '1', access_token: stale! })('/inventory')).html).toBe(COPY);
    expect((await createCookieClient({ logged: '1', access_token: 'not-a-token' })('/inventory')).html).toBe(COPY);
  });

  it('does not serve the module the server renders with', async () => {
    const answer = await fetch(`${server.url}/ssr/first-views.js`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('renderToStaticMarkup');
  });
});

/** A request with exactly these cookies. */
function createCookieClient(cookies: Record<string, string>) {
  const cookie = Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');
  return async (path: string) => {
    const answer = await fetch(`${server.url}${path}`, { headers: { cookie } });
    return { status: answer.status, html: await answer.text() };
  };
}
