/**
 * The public pages' first view as HTML, made at build time: the built app runs in Chromium
 * against a sim-server on a fresh database, and each page's rendered markup, title and the
 * styles it loaded are written into a copy of index.html under dist/prerendered/. The server
 * sends that copy to a visitor's first request for the page (sim-server/app.ts), so the
 * header, hero and lists paint from HTML and CSS while the app's JavaScript is still on the
 * way; once the copy has loaded and painted, the app starts and renders the same page over
 * it (src/main.tsx).
 *
 * Live parts (toasts, the chat, notices) are left out of the copy; lists (cases, battles) show
 * what the fresh arena had at build time until the app replaces them with the current ones.
 *
 * A signed-in player's first view of the wallet and the inventory is made the same way, as a
 * player of the build's own signed in: the header, the page's heading and what is the same for
 * every player. What is the player's own (`data-personal`: the balance, the avatar, the items)
 * keeps its room but is blank and hidden until the app fills it with the player's.
 *
 * What is marked `data-first-view` (the inventory's items and total, the loading placeholder
 * of a frame) goes between two comments naming it: where the server renders in what differs
 * by request as it answers, the player's own items or a finished battle
 * (sim-server/http/first-views.ts).
 *
 * Every other page (a battle's, a profile, a signed-in player's pages but those two) is the
 * route's shell (scripts/route-shells.ts), which had nothing to paint until the app ran. The
 * site's frame goes into each: the header, a visitor's or the build's player's the same way,
 * over the placeholder the app shows while a page's code and data come (frames/ and
 * signed-in-frames/, by route pattern). The header paints at once, and the app takes the
 * frame over as it takes a copy over.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { buildApp } from '../sim-server/app.ts';
import { answerTapsOnCopy } from '../src/app/first-tap.ts';
import type { PageFolder } from '../sim-server/http/page-routes.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { pageFile } from './route-shells.ts';

/** Where the copies go: a visitor's, or a signed-in player's. */
type CopyFolder = 'prerendered' | 'signed-in';

/** Where the frames go: a visitor's, or a signed-in player's. */
type FrameFolder = Extract<PageFolder, 'frames' | 'signed-in-frames'>;

/** The catalog's first cases (those the home page and /cases show first) get their page made too. */
const CASE_PAGES = 12;

/**
 * The pages made ahead; the first cases' own pages are added from the catalog. The game pages
 * show their road and bar in HTML until PixiJS loads (src/ui/scene-wanted.ts), so their copy
 * is the page as a visitor first sees it (docs/decisions/0053).
 */
export const PRERENDERED_PATHS = ['/', '/cases', '/battles', '/chicken', '/dice', '/rewards', '/battlepass', '/event/race', '/provably-fair', '/faq', '/terms', '/privacy', '/aml', '/cookie'];

/** The pages made ahead for a signed-in player (the server sends them when the `logged` cookie is set). */
export const SIGNED_IN_PATHS = ['/wallet', '/inventory'];

/** What one page's snapshot holds. */
export interface Snapshot {
  html: string;
  title: string;
  description: string | null;
  /** The canonical address's path (the build's origin is not the site's). */
  canonical: string | null;
  /** The page's social-preview tags: attribute (property or name), key, content (addresses as paths). */
  social: [string, string, string][];
  styles: string[];
}

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The copy's module scripts, fetched and run only once the page has loaded and painted: until
 * then the main thread and the link are the copy's, so its first and largest paint come from
 * HTML and CSS alone. Preloading the scripts (modulepreload) was measured too: they then
 * share the slow link with the copy's styles and pictures, and the first paint stayed at
 * 1.9 s (docs/decisions/0037). On the shell (index.html) there is nothing to paint first, so
 * it keeps its plain script tags. The timer is a bound: a hidden tab paints nothing, and a
 * picture that never finishes loading must not keep the app away.
 */
export function deferAppStart(html: string): string {
  const sources: string[] = [];
  const rest = html.replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
    sources.push(src);
    return '';
  });
  if (sources.length === 0) return html;
  const imports = sources.map((src) => `import(${JSON.stringify(src)})`).join(',');
  // After load and the first contentful paint, in a task of its own.
  const loader = `<script type="module">let s=0;const r=()=>{if(!s){s=1;${imports}}},p=new Promise((k)=>{try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();k()}}).observe({type:"paint",buffered:!0})}catch{k()}}),l=new Promise((k)=>document.readyState==="complete"?k():addEventListener("load",k,{once:!0}));Promise.all([p,l]).then(()=>setTimeout(r,0));setTimeout(r,${START_BOUND_MS})</script>`;
  return rest.replace('</head>', `${loader}</head>`);
}

/** The longest the app waits for load and paint: a hidden tab paints nothing. */
const START_BOUND_MS = 4000;

/** The copy's buttons answer a tap once the app has taken the page over (src/app/first-tap.ts). */
const TAPS_ON_COPY = `<script>(${answerTapsOnCopy.toString()})(document.getElementById('root'))</script>`;

/** A page's HTML with `markup` in #root, marked as a copy the app takes over (`mark`: the path or route it was made for). */
function putInRoot(html: string, mark: string, markup: string): string {
  // A function, not a string: `$&` and its kind in the markup are text, not patterns.
  return html.replace('<div id="root"></div>', () => `<div id="root" data-prerendered="${escapeAttr(mark)}">${markup}</div>${TAPS_ON_COPY}`);
}

/** Link tags for the snapshot's styles the shell does not link already (the header's lazy parts have their own). */
function missingStyles(shell: string, snap: Snapshot): string {
  return snap.styles.filter((href) => !shell.includes(`href="${href}"`)).map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttr(href)}">`).join('');
}

/** A route's shell with the site's frame in it; the shell keeps its title and the route's code named in its head. */
export function fillFrame(shell: string, pattern: string, frame: Snapshot): string {
  return putInRoot(deferAppStart(shell).replace('</head>', `${missingStyles(shell, frame)}</head>`), pattern, frame.html);
}

/**
 * index.html with the page's markup in #root, its title, description, canonical address and
 * social-preview tags (document 1 section 2.1), and its styles. The shell's generic preview
 * tags give way to the page's; the app drops all of them when it takes over (boot.ts) and
 * writes its own.
 */
export function fillShell(shell: string, path: string, snap: Snapshot): string {
  const styles = missingStyles(shell, snap);
  const description = snap.description === null ? '' : `<meta name="description" content="${escapeAttr(snap.description)}">`;
  const canonical = snap.canonical === null ? '' : `<link rel="canonical" href="${escapeAttr(snap.canonical)}">`;
  const social = snap.social.map(([attr, key, content]) => `<meta ${attr}="${escapeAttr(key)}" content="${escapeAttr(content)}">`).join('');
  const withoutShellSocial = snap.social.length > 0 ? shell.replace(/\s*<meta property="og:[^"]*" content="[^"]*"\s*\/?>/g, '') : shell;
  const filled = deferAppStart(withoutShellSocial)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(snap.title)}</title>${description}${canonical}${social}`)
    .replace('</head>', `${styles}</head>`);
  return putInRoot(filled, path, snap.html);
}

/** A page's first view as it stood in the browser: everything fillShell needs. */
function takeSnapshot(signedIn: boolean): Snapshot {
  const root = document.getElementById('root')!.cloneNode(true) as HTMLElement;
  // Transient or personal parts: notices, the update offer, the chat, the install card.
  for (const node of root.querySelectorAll('.toasts, .toast, .update-prompt, .install-card, .chat-dock, .chat-panel, .cookie-banner, [data-live-only]')) node.remove();
  // The build's player's own parts keep their room (nothing moves when the app fills them in)
  // but none of their text (each character a space), names, pictures or links.
  if (signedIn) {
    for (const node of root.querySelectorAll<HTMLElement>('[data-personal]')) {
      node.style.visibility = 'hidden';
      node.setAttribute('aria-hidden', 'true');
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) text.textContent = text.textContent!.replace(/\S/g, '\u00a0');
      for (const picture of node.querySelectorAll('img, source')) {
        picture.removeAttribute('src');
        picture.removeAttribute('srcset');
      }
      for (const link of node.querySelectorAll('a')) link.removeAttribute('href');
      for (const named of [node, ...node.querySelectorAll('[aria-label], [title]')]) {
        named.removeAttribute('aria-label');
        named.removeAttribute('title');
      }
    }
  }
  // Parts the server renders in as it answers, where it can (sim-server/http/first-views.ts).
  for (const node of root.querySelectorAll<HTMLElement>('[data-first-view]')) {
    const part = node.dataset.firstView!;
    node.before(document.createComment(`first-view:${part}`));
    node.after(document.createComment(`/first-view:${part}`));
  }
  // Until the app runs the page is not live, and the build's countdown is stale: the
  // indicator says connecting, the timer keeps its room but shows nothing.
  for (const node of root.querySelectorAll('.live-indicator')) {
    node.setAttribute('data-status', 'connecting');
    node.setAttribute('aria-label', 'Connecting');
    node.setAttribute('title', 'Real-time connection: Connecting');
    const text = node.querySelector('.live-text');
    if (text) text.textContent = 'Connecting';
  }
  for (const node of root.querySelectorAll<HTMLElement>('.nav-timer')) node.style.visibility = 'hidden';
  // Addresses as paths: the build's server is not where the site is served from.
  const asPath = (value: string) => (/^https?:\/\//.test(value) ? new URL(value).pathname : value);
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
  return {
    html: root.innerHTML,
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: canonical === null ? null : asPath(canonical),
    social: [...document.head.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')].map((meta): [string, string, string] => {
      const attr = meta.hasAttribute('property') ? 'property' : 'name';
      return [attr, meta.getAttribute(attr)!, asPath(meta.getAttribute('content') ?? '')];
    }),
    // The app's own link tags are absolute (Vite's preload writes full URLs): keep the path.
    styles: [...document.querySelectorAll('link[rel="stylesheet"]')]
      .map((link) => new URL(link.getAttribute('href')!, location.href))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname),
  };
}

/**
 * Renders every public page in Chromium, then the signed-in pages as a player of the build's
 * own, and writes the copies and their indexes (prerendered/routes.json, signed-in/routes.json).
 */
export async function prerender(distDir: string): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'arena-prerender-'));
  const built = await buildApp({ dataDir, staticDir: distDir, rateLimit: { max: 0, windowMs: 60_000 } });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const catalog = (await (await fetch(`${base}/api/method/case.getCases`)).json()) as { response: { cases: { key: string }[] } };
    const paths = [...PRERENDERED_PATHS, ...catalog.response.cases.slice(0, CASE_PAGES).map((c) => `/case/${c.key}`)];
    const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
    const newContext = async () => {
      // No service worker: it would claim later pages and change what they load.
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } });
      // The cookie notice is the visitor's own choice, never part of the page.
      await context.addInitScript(() => localStorage.setItem('cookie_accepted', '1'));
      // The markup names the pictures; fetching them would only slow the build.
      await context.route(/\.(png|jpe?g|webp|wav)$|\/api\/art\//, (route) => route.abort());
      return context;
    };
    /**
     * The page at `path` once it has entered (`frame`: once it shows the page-loading
     * placeholder instead). A signed-in header has its balance and the player's menu by then,
     * each loaded apart.
     */
    const capture = async (context: BrowserContext, path: string, { signedIn, frame }: { signedIn: boolean; frame: boolean }) => {
      const page = await context.newPage();
      await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
      // Entered: its content is in, no page or list placeholder left. Figures a worker computes
      // later (a case's odds) stay as their placeholder, as a first view has them.
      await page.waitForFunction(
        (wanted) => {
          const main = document.querySelector('main#content');
          const header = !wanted.signedIn || ['.balance-amount', '.user-name'].every((part) => document.querySelector(`.site-header ${part}`) !== null);
          if (!header || main === null) return false;
          if (wanted.frame) return main.querySelector('.page-loading') !== null;
          return main.textContent!.trim().length > 0 && !main.querySelector('.page-loading, [class^="skeleton-"]');
        },
        { signedIn, frame },
      );
      if (new URL(page.url()).pathname !== path) throw new Error(`prerendering ${path} ended on ${page.url()}`);
      const snap = await page.evaluate(takeSnapshot, signedIn);
      await page.close();
      return snap;
    };
    const snapshot = async (context: BrowserContext, folder: CopyFolder, path: string) => {
      const t0 = Date.now();
      const snap = await capture(context, path, { signedIn: folder === 'signed-in', frame: false });
      const file = pageFile(folder, path);
      writeFileSync(join(distDir, file), fillShell(shell, path, snap));
      if (process.env.PRERENDER_DEBUG) console.log(folder, path, Date.now() - t0);
      return file;
    };
    // A few pages at a time: each waits mostly on its own requests.
    const snapshotAll = async (context: BrowserContext, folder: CopyFolder, list: readonly string[]) => {
      mkdirSync(join(distDir, folder), { recursive: true });
      const routes: Record<string, string> = {};
      const queue = [...list];
      await Promise.all(Array.from({ length: 3 }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) routes[path] = await snapshot(context, folder, path);
      }));
      await context.close();
      writeFileSync(join(distDir, folder, 'routes.json'), `${JSON.stringify(Object.fromEntries(list.map((p) => [p, routes[p]])), null, 2)}\n`);
    };
    /**
     * The frame, caught on a battle's page whose data the build holds for good (the app shows its
     * placeholder after a moment), written into every route's shell.
     */
    const writeFrames = async (context: BrowserContext, folder: FrameFolder) => {
      await context.route('**/api/method/arena.game?**', () => undefined);
      const frame = await capture(context, '/battle/SF1', { signedIn: folder === 'signed-in-frames', frame: true });
      await context.close();
      const shells = JSON.parse(readFileSync(join(distDir, 'shells', 'routes.json'), 'utf8')) as Record<string, string>;
      mkdirSync(join(distDir, folder), { recursive: true });
      const routes: Record<string, string> = {};
      for (const [pattern, shellFile] of Object.entries(shells)) {
        routes[pattern] = pageFile(folder, pattern);
        writeFileSync(join(distDir, routes[pattern]), fillFrame(readFileSync(join(distDir, shellFile), 'utf8'), pattern, frame));
      }
      writeFileSync(join(distDir, folder, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    };
    await snapshotAll(await newContext(), 'prerendered', paths);
    await writeFrames(await newContext(), 'frames');
    /** A context signed in as the build's player (the first call signs it up). */
    const asPlayer = async () => {
      const context = await newContext();
      const answer = (await (await context.request.post(`${base}/api/connect`, { data: { username: 'player', password: 'prerender-password' } })).json()) as { error?: unknown };
      if (answer.error !== undefined) throw new Error(`the build's player could not sign in: ${JSON.stringify(answer.error)}`);
      return context;
    };
    await snapshotAll(await asPlayer(), 'signed-in', SIGNED_IN_PATHS);
    await writeFrames(await asPlayer(), 'signed-in-frames');
    return paths.length + SIGNED_IN_PATHS.length;
  } finally {
    await browser.close();
    await built.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t0 = Date.now();
  const count = await prerender(join(import.meta.dirname, '..', 'dist'));
  console.log(`prerendered ${count} pages (${Date.now() - t0} ms)`);
}
