import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

/**
 * The browser suite gives each Playwright worker a sim-server of its own (tests/e2e/servers.ts),
 * and the fixture in tests/e2e/fixtures.ts points every test at its worker's. A spec that takes
 * `test` straight from Playwright, or reads the config's address, would talk to worker 0's
 * server from worker 1 and meet the other test's rain or maintenance. The graphics spec serves
 * a page of its own and uses no sim-server.
 */
const OWN_PAGE = new Set(['gfx-roulette.spec.ts']);

test('every browser spec runs on its worker\'s server', () => {
  const specs = readdirSync('tests/e2e').filter((name) => name.endsWith('.spec.ts') && !OWN_PAGE.has(name));
  expect(specs.length).toBeGreaterThan(40);
  const strays = specs.flatMap((name) => {
    const text = readFileSync(`tests/e2e/${name}`, 'utf8');
    const wrong: string[] = [];
    if (/import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/.test(text)) wrong.push(`${name}: takes test from @playwright/test, not ./fixtures.ts`);
    if (text.includes('project.use.baseURL')) wrong.push(`${name}: reads the config's baseURL, not the fixture's`);
    return wrong;
  });
  expect(strays).toEqual([]);
});
