/** The built app's static serving: page paths get index.html, double slashes included. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collapseSlashes } from '../../sim-server/app.ts';
import { startServer, type TestServer } from './harness.ts';

const INDEX = '<!doctype html><title>Arena shell</title>';
let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'arena-static-'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  // What the build writes beside the shell: a route's own shell by pattern, a visitor's first view by path.
  mkdirSync(join(staticDir, 'shells'));
  const shells: Record<string, string> = { '/': 'home', '/battle/$gameId': 'battle-game', '/battle/create': 'battle-create', '/@{$name}': 'profile', '/$': 'not-found', '/cases': 'cases', '/wallet': 'wallet', '/wallet/withdraw': 'withdraw' };
  for (const name of Object.values(shells)) writeFileSync(join(staticDir, 'shells', `${name}.html`), `<!doctype html><title>shell ${name}</title>`);
  writeFileSync(join(staticDir, 'shells', 'routes.json'), JSON.stringify(Object.fromEntries(Object.entries(shells).map(([pattern, name]) => [pattern, `shells/${name}.html`]))));
  mkdirSync(join(staticDir, 'prerendered'));
  writeFileSync(join(staticDir, 'prerendered', 'cases.html'), '<!doctype html><title>first view of cases</title>');
  writeFileSync(join(staticDir, 'prerendered', 'routes.json'), JSON.stringify({ '/cases': 'prerendered/cases.html' }));
  // And a signed-in player's first view of their wallet.
  mkdirSync(join(staticDir, 'signed-in'));
  writeFileSync(join(staticDir, 'signed-in', 'wallet.html'), '<!doctype html><title>first view of the wallet</title>');
  writeFileSync(join(staticDir, 'signed-in', 'routes.json'), JSON.stringify({ '/wallet': 'signed-in/wallet.html' }));
  // And the site's frame in some routes' shells, a visitor's and a signed-in player's.
  for (const [folder, frames] of [['frames', { '/battle/$gameId': 'battle-game', '/@{$name}': 'profile' }], ['signed-in-frames', { '/battle/$gameId': 'battle-game' }]] as const) {
    mkdirSync(join(staticDir, folder));
    for (const name of Object.values(frames)) writeFileSync(join(staticDir, folder, `${name}.html`), `<!doctype html><title>${folder} ${name}</title>`);
    writeFileSync(join(staticDir, folder, 'routes.json'), JSON.stringify(Object.fromEntries(Object.entries(frames).map(([pattern, name]) => [pattern, `${folder}/${name}.html`]))));
  }
  server = await startServer({ staticDir });
});

afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('static serving', () => {
  it('answers HEAD for a page as it answers GET, headers without the body', async () => {
    for (const path of ['/', '/cases', '/battle/SF12']) {
      const [get, head] = await Promise.all([fetch(`${server.url}${path}`), fetch(`${server.url}${path}`, { method: 'HEAD' })]);
      expect({ path, status: head.status, type: head.headers.get('content-type'), body: await head.text() }).toEqual({ path, status: 200, type: get.headers.get('content-type'), body: '' });
      expect(await get.text()).toMatch(/^<!doctype html>/);
    }
  });

  it('answers the app for a page path with double slashes, so the client can collapse them', async () => {
    for (const path of ['//provably-fair//verify', '/provably-fair//verify', '//nowhere']) {
      const answer = await fetch(`${server.url}${path}`);
      expect({ path, status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() }).toMatchObject({
        path,
        status: 200,
        type: expect.stringMatching(/^text\/html/),
        body: '<!doctype html><title>shell not-found</title>',
      });
    }
  });

  it('answers a page with its first view made ahead for who asks, else the shell of the route its address matches, a fixed name before a parameter', async () => {
    const title = async (path: string, cookie?: string) => /<title>(.*)<\/title>/.exec(await (await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} })).text())?.[1];
    expect(await title('/battle/SF12')).toBe('frames battle-game');
    expect(await title('/battle/create')).toBe('shell battle-create');
    expect(await title('/@someone')).toBe('frames profile');
    expect(await title('/')).toBe('shell home');
    expect(await title('/battle/SF12/extra')).toBe('shell not-found');
    // A visitor's first view of a public page is its prerendered copy; a signed-in player's is the route's shell.
    expect(await title('//cases?sort=price')).toBe('first view of cases');
    expect(await title('/cases', 'logged=1')).toBe('shell cases');
    // The wallet's is a signed-in player's own, by exact path: a visitor, or another wallet page, gets the shell.
    expect(await title('/wallet', 'logged=1')).toBe('first view of the wallet');
    expect(await title('/wallet?tab=1', 'logged=1')).toBe('first view of the wallet');
    expect(await title('/wallet')).toBe('shell wallet');
    expect(await title('/wallet/withdraw', 'logged=1')).toBe('shell withdraw');
  });

  it('puts the frame for who asks in a route\'s shell when the build made one, else sends the bare shell', async () => {
    const title = async (path: string, cookie?: string) => /<title>(.*)<\/title>/.exec(await (await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} })).text())?.[1];
    // A visitor gets the visitor's frame, a signed-in player the signed-in one: never the other's header.
    expect(await title('/battle/SF12')).toBe('frames battle-game');
    expect(await title('/battle/SF12', 'logged=1')).toBe('signed-in-frames battle-game');
    // A route with no frame of the asker's kind is its bare shell.
    expect(await title('/@someone', 'logged=1')).toBe('shell profile');
    expect(await title('/battle/create', 'logged=1')).toBe('shell battle-create');
    // A prerendered first view still comes first.
    expect(await title('/cases')).toBe('first view of cases');
  });

  it('serves files and methods behind double slashes as their single-slash paths', async () => {
    const file = await fetch(`${server.url}//assets//app-1234.js`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('console.log(1)');
    const method = await fetch(`${server.url}//api/method//case.getCases`);
    expect(await method.json()).toMatchObject({ response: { cases: expect.any(Array) } });
  });

  it('still answers a missing file with 404', async () => {
    const answer = await fetch(`${server.url}//assets/missing.js`);
    expect(answer.status).toBe(404);
  });
});

describe('collapseSlashes', () => {
  it('collapses the path only, never the query', () => {
    expect(collapseSlashes('//a///b?next=//c')).toBe('/a/b?next=//c');
    expect(collapseSlashes('/a/b?x=1')).toBe('/a/b?x=1');
    expect(collapseSlashes('//')).toBe('/');
  });
});
