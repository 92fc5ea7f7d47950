import { describe, expect, test } from 'vitest';
import { checkVersion, compareVersions, shouldRefreshManifest } from '../../src/features/connection/manifest-freshness.ts';

describe('manifest refresh', () => {
  test('only past 600 s and with nothing in flight', () => {
    expect(shouldRefreshManifest(1_000_000, 1_000_000 - 600_000, 0)).toBe(false);
    expect(shouldRefreshManifest(1_000_000, 1_000_000 - 600_001, 0)).toBe(true);
    expect(shouldRefreshManifest(1_000_000, 1_000_000 - 700_000, 1)).toBe(false);
    // Never received: the socket's open asks for it anyway.
    expect(shouldRefreshManifest(1_000_000, null, 0)).toBe(false);
  });
});

describe('version check', () => {
  const now = 10_000_000;
  test('the first version seen is only stored', () => {
    expect(checkVersion(null, '5.4', now)).toEqual({ store: { client: '5.4', stamp: now }, offer: false });
  });
  test('a stamp younger than 600000 ms is left alone, even with a higher server version', () => {
    expect(checkVersion({ client: '5.3', stamp: now - 600_000 }, '5.4', now)).toEqual({ store: null, offer: false });
  });
  test('an older stamp offers a higher version and re-stamps an equal or lower one', () => {
    expect(checkVersion({ client: '5.3', stamp: now - 600_001 }, '5.4', now)).toEqual({ store: null, offer: true });
    expect(checkVersion({ client: '5.4', stamp: now - 700_000 }, '5.4', now)).toEqual({ store: { client: '5.4', stamp: now }, offer: false });
    expect(checkVersion({ client: '5.10', stamp: now - 700_000 }, '5.9', now)).toEqual({ store: { client: '5.10', stamp: now }, offer: false });
  });
  test('versions compare by their numbers', () => {
    expect(compareVersions('5.10', '5.9')).toBe(1);
    expect(compareVersions('5.4', '5.4.0')).toBe(0);
    expect(compareVersions('4.9', '5')).toBe(-1);
  });
});
