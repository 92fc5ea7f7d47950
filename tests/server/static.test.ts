/** The built app's static serving: page paths get index.html, double slashes included. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collapseSlashes, routeShellFor } from '../../sim-server/app.ts';
import { startServer, type TestServer } from './harness.ts';

const INDEX = '<!doctype html><title>Arena shell</title>';
const BATTLE_SHELL = '<!doctype html><title>Arena shell</title><meta name="page-chunks" content="/assets/battle.js">';
let server: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'arena-static-'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  mkdirSync(join(staticDir, 'prerendered', 'shells'), { recursive: true });
  writeFileSync(join(staticDir, 'prerendered', 'shells', 'battle__gameId.html'), BATTLE_SHELL);
  writeFileSync(join(staticDir, 'prerendered', 'shells.json'), JSON.stringify({ '/battle/$gameId': 'prerendered/shells/battle__gameId.html' }));
  server = await startServer({ staticDir });
});

afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('static serving', () => {
  it('answers the app for a page path with double slashes, so the client can collapse them', async () => {
    for (const path of ['//provably-fair//verify', '/provably-fair//verify', '//', '//cases?sort=price']) {
      const answer = await fetch(`${server.url}${path}`);
      expect({ path, status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() }).toMatchObject({
        path,
        status: 200,
        type: expect.stringMatching(/^text\/html/),
        body: INDEX,
      });
    }
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

describe('route shells', () => {
  it('answers a page the build made a shell for with that shell, which names its chunks', async () => {
    const answer = await fetch(`${server.url}/battle/SF123`);
    expect(await answer.text()).toBe(BATTLE_SHELL);
  });

  it('picks the most specific pattern: fixed segments before parameters, the catch-all last', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-shells-'));
    mkdirSync(join(dir, 'prerendered'));
    writeFileSync(
      join(dir, 'prerendered', 'shells.json'),
      JSON.stringify({ '/': 'prerendered/shells/index.html', '/battle/$gameId': 'prerendered/shells/battle__gameId.html', '/battle/create': 'prerendered/shells/battle_create.html', '/$': 'prerendered/shells/_.html', '/@{$name}': 'prerendered/shells/_name.html', '/wallet': 'prerendered/shells/wallet_index.html' }),
    );
    expect(routeShellFor(dir, '/battle/create')).toBe('prerendered/shells/battle_create.html');
    expect(routeShellFor(dir, '/battle/SF0001')).toBe('prerendered/shells/battle__gameId.html');
    expect(routeShellFor(dir, '/battle/SF0001/')).toBe('prerendered/shells/battle__gameId.html');
    expect(routeShellFor(dir, '/wallet')).toBe('prerendered/shells/wallet_index.html');
    expect(routeShellFor(dir, '/es/wallet')).toBe('prerendered/shells/wallet_index.html');
    expect(routeShellFor(dir, '/@someone')).toBe('prerendered/shells/_name.html');
    expect(routeShellFor(dir, '/')).toBe('prerendered/shells/index.html');
    expect(routeShellFor(dir, '/no/such/page')).toBe('prerendered/shells/_.html');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('collapseSlashes', () => {
  it('collapses the path only, never the query', () => {
    expect(collapseSlashes('//a///b?next=//c')).toBe('/a/b?next=//c');
    expect(collapseSlashes('/a/b?x=1')).toBe('/a/b?x=1');
    expect(collapseSlashes('//')).toBe('/');
  });
});
