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

describe('collapseSlashes', () => {
  it('collapses the path only, never the query', () => {
    expect(collapseSlashes('//a///b?next=//c')).toBe('/a/b?next=//c');
    expect(collapseSlashes('/a/b?x=1')).toBe('/a/b?x=1');
    expect(collapseSlashes('//')).toBe('/');
  });
});
