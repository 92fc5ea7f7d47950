/**
 * The parts of a first view the server renders in as it answers (http/first-views.ts), by the
 * app's components built for Node as the build builds them (scripts/build.ts): a signed-in
 * player's own items on /inventory, a finished battle on its page; and the page as built when it
 * cannot.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCoins } from '../../src/core/money.ts';
import { shortenHash } from '../../src/core/hash-id.ts';
import { buildFirstViews } from '../../scripts/build.ts';
import { routeParams } from '../../sim-server/http/page-routes.ts';
import { createBattle, startBattleServer, type BattleServer } from './battles-helpers.ts';
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
/** A route's frame: the header over the loading placeholder, where a finished battle goes. */
const FRAME =
  '<!doctype html><title>Battle</title><div id="root"><main><div>' +
  '<!--first-view:page--><div class="container page-loading" aria-busy="true" aria-label="Loading" data-first-view="page"><span class="spinner"></span></div><!--/first-view:page-->' +
  '</div></main></div>';

let arena: BattleServer;
let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'arena-first-views-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Arena shell</title>');
  mkdirSync(join(staticDir, 'signed-in'));
  writeFileSync(join(staticDir, 'signed-in', 'inventory.html'), COPY);
  writeFileSync(join(staticDir, 'signed-in', 'routes.json'), JSON.stringify({ '/inventory': 'signed-in/inventory.html' }));
  for (const [folder, html] of [['shells', '<!doctype html><title>Battle shell</title>'], ['frames', FRAME], ['signed-in-frames', FRAME]] as const) {
    mkdirSync(join(staticDir, folder));
    writeFileSync(join(staticDir, folder, 'battle.html'), html);
    writeFileSync(join(staticDir, folder, 'routes.json'), JSON.stringify({ '/battle/$gameId': `${folder}/battle.html` }));
  }
  await buildFirstViews(staticDir);
  arena = await startBattleServer({ staticDir });
  server = arena.server;
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

describe("a finished battle's first view", () => {
  it('holds the battle as its page shows it: heading, seats, pot and every drop with its art, for a visitor and a player alike', async () => {
    const player = await holder('fv_battler', 0);
    const { game } = await createBattle(player, { number: 2 });
    await ok(player, 'arena-battle.callBots', { hash: game.hash });
    const detail = await arena.playToEnd(player, game.token);
    expect(detail.game.status).toBe('finished');
    const short = shortenHash(game.hash)!;
    const visitor = createCookieClient({});
    const pages = [
      { ref: short, html: (await visitor(`/battle/${short}`)).html },
      { ref: game.hash, html: (await visitor(`/battle/${game.hash}`)).html },
      { ref: short, html: String((await player.request(`/battle/${short}`)).body.text) },
    ];
    for (const page of pages) {
      expect(page.html).toContain(`<h1 class="page-title">Battle ${short}</h1>`);
      expect(page.html).not.toContain('page-loading');
      for (const user of detail.users) expect(page.html).toContain(`<span class="seat-name">${user.display_name}`);
      expect(page.html).toContain(`Round ${detail.game.rounds} of ${detail.game.rounds}`);
      for (const drop of detail.drops) {
        const item = detail.items.find((entry) => entry.hash === drop.item_hash)!;
        expect(page.html).toContain(`<img class="item-art" src="${item.image}"`);
        expect(page.html).toContain(`</svg>${formatCoins(drop.value)}</span>`);
      }
      // Its fairness page, addressed as the page was.
      expect(page.html).toContain(`href="/provably-fair/battles/${page.ref}"`);
    }
  });

  it('is the frame as built for a battle still to be played, or one there is not', async () => {
    const player = await holder('fv_waiter', 0);
    const { game } = await createBattle(player, { number: 2 });
    expect((await createCookieClient({})(`/battle/${shortenHash(game.hash)}`)).html).toBe(FRAME);
    expect((await createCookieClient({})('/battle/SF999999')).html).toBe(FRAME);
  });
});

describe('a first view that cannot be made', () => {
  it('sends the page as built when the built module does not load, or a part does not render', async () => {
    const modules = ['export const FIRST_VIEWS = ;', "export const FIRST_VIEWS = { '/inventory': { method: 'inventory.getAssets', params: () => ({}), render() { throw new Error('a part that does not render'); } } };"];
    for (const [i, module] of modules.entries()) {
      const broken = mkdtempSync(join(tmpdir(), 'arena-first-views-broken-'));
      mkdirSync(join(broken, 'signed-in'));
      mkdirSync(join(broken, 'ssr'));
      writeFileSync(join(broken, 'index.html'), '<!doctype html><title>Arena shell</title>');
      writeFileSync(join(broken, 'signed-in', 'inventory.html'), COPY);
      writeFileSync(join(broken, 'signed-in', 'routes.json'), JSON.stringify({ '/inventory': 'signed-in/inventory.html' }));
      writeFileSync(join(broken, 'ssr', 'first-views.js'), module);
      const other = await startServer({ staticDir: broken });
      try {
        const player = await other.player(`fv_broken${"ab"[i]}`);
        const { status, body } = await player.request('/inventory');
        expect({ status, html: body.text }).toEqual({ status: 200, html: COPY });
      } finally {
        await other.close();
        rmSync(broken, { recursive: true, force: true });
      }
    }
  });
});

describe('route parameters', () => {
  it('come from the segments the pattern names, decoded', () => {
    expect(routeParams('/battle/$gameId', '/battle/SF12')).toEqual({ gameId: 'SF12' });
    expect(routeParams('/@{$name}/achievements', '/@ann%20b/achievements')).toEqual({ name: 'ann b' });
    expect(routeParams('/inventory', '/inventory')).toEqual({});
    expect(routeParams('/battle/$gameId', '/battle/%E0%A4%A')).toBeUndefined();
  });
});

/** A request with exactly these cookies. */
function createCookieClient(cookies: Record<string, string>) {
  const cookie = Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ');
  return async (path: string) => {
    const answer = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
    return { status: answer.status, html: await answer.text() };
  };
}
