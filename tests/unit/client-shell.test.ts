import { describe, expect, test } from 'vitest';
import { canonicalPublicPath, collapseSlashes, splitLanguage, withLanguage } from '../../src/app/locale.ts';
import { caseTitleFromSlug } from '../../src/features/cases/case-title.ts';
import { canSeeMembers } from '../../src/features/session/guards.ts';
import { isOpaquePath, navItemVisible, raceEndsAt, GAME_NAV } from '../../src/features/shell/nav-items.ts';
import { giftCodeTarget } from '../../src/storage/gift-code.ts';
import { historyLabel } from '../../src/contract/history.ts';
import { findPaymentMethod } from '../../src/features/wallet/payment-methods.ts';
import { isVersionMismatch, STATE_VERSION } from '../../src/storage/state-version.ts';
import { DEFAULT_SETTINGS, sanitizeSettings } from '../../src/storage/settings.ts';
import { splitItemName } from '../../src/ui/item-card.tsx';
import { FPS_SAMPLES, averageFps, isTooSlow } from '../../src/ui/performance.ts';
import { createLazyStore } from '../../src/ui/store.ts';
import type { ServerManifest } from '../../src/features/connection/manifest.ts';

describe('language prefixes', () => {
  test('en, es and ua come off and are kept; other language codes fall back to English', () => {
    expect(splitLanguage('/es/cases')).toEqual({ lang: 'es', path: '/cases', dropped: false });
    expect(splitLanguage('/ua')).toEqual({ lang: 'ua', path: '/', dropped: false });
    expect(splitLanguage('/EN/faq')).toEqual({ lang: 'en', path: '/faq', dropped: false });
    expect(splitLanguage('/de/battles')).toEqual({ lang: null, path: '/battles', dropped: true });
    expect(splitLanguage('/pt-br/dice')).toEqual({ lang: null, path: '/dice', dropped: true });
  });

  test('paths of the route table are never taken for a language', () => {
    for (const path of ['/p/CODE', '/r/CODE', '/cases', '/@someone', '/404', '/faq']) expect(splitLanguage(path)).toEqual({ lang: null, path, dropped: false });
  });

  test('double slashes collapse, and the visible address drops an unsupported prefix', () => {
    expect(collapseSlashes('//cases///x')).toBe('/cases/x');
    expect(canonicalPublicPath('//es//cases')).toBe('/es/cases');
    expect(canonicalPublicPath('/de/cases')).toBe('/cases');
    expect(canonicalPublicPath('/es/cases')).toBeNull();
    expect(withLanguage('/', 'ua')).toBe('/ua');
    expect(withLanguage('/cases', null)).toBe('/cases');
  });
});

describe('route rules', () => {
  test('/gift/{code} goes by the first letter: A to the inventory, C to the wallet, anything else home', () => {
    expect(giftCodeTarget('AQW3R-T5Y6U-I8O9P')).toBe('/inventory');
    expect(giftCodeTarget('cqw3r-t5y6u-i8o9p')).toBe('/wallet/gift');
    expect(giftCodeTarget('ZZZZZ-ZZZZZ-ZZZZZ')).toBe('/');
    expect(giftCodeTarget('')).toBe('/');
  });

  test('the members page is for scope 2 and up or the marketing tag', () => {
    const user = (scope: number, tags: string[] = []) => ({ user: { hash: 'SF1', id: 1, name: 'x', display_name: 'x', scope, tags, level: 1, info: { avatar: null, pattern: null, badge: null } } });
    expect(canSeeMembers(user(0))).toBe(false);
    expect(canSeeMembers(user(1, ['partner']))).toBe(false);
    expect(canSeeMembers(user(2))).toBe(true);
    expect(canSeeMembers(user(0, ['marketing']))).toBe(true);
    expect(canSeeMembers(null)).toBe(false);
  });

  test('header and footer are opaque on profile, achievements and Battle Pass pages', () => {
    expect(isOpaquePath('/@player_one')).toBe(true);
    expect(isOpaquePath('/@player_one/achievements')).toBe(true);
    expect(isOpaquePath('/battlepass/purchase')).toBe(true);
    expect(isOpaquePath('/cases')).toBe(false);
    expect(isOpaquePath('/')).toBe(false);
  });

  test('wallet pages exist only for the wallet’s methods', () => {
    expect(findPaymentMethod('btc')?.name).toBe('Bitcoin');
    expect(findPaymentMethod('PayPal')?.name).toBe('PayPal');
    expect(findPaymentMethod('nope')).toBeNull();
    expect(findPaymentMethod('paypal')?.withdraw).toBeUndefined();
    expect(findPaymentMethod('eth')?.withdraw).toBe(true);
  });

  test('case titles come from the slug', () => {
    expect(caseTitleFromSlug('pocket-change')).toBe('Pocket Change');
    expect(caseTitleFromSlug('neon_rider-2')).toBe('Neon Rider 2');
  });
});

describe('menu conditions from the manifest', () => {
  const manifest = (ctc: boolean, bp: boolean, race: number | null): ServerManifest => ({
    stats: {
      battle_pass: { active: bp },
      ctc: { active: ctc },
      events: { leaderboard: { ends_in_time: race } },
      client: { style: null },
      wallet: { rate: {} },
      version: { client: '5.4', cache: '5.4' },
    },
    ts: 1_000_000,
  });
  const labels = (m: ServerManifest | undefined) => GAME_NAV.filter((item) => navItemVisible(item, m)).map((item) => item.label);

  test('Chicken only with ctc.active, Season only with battle_pass.active, Race+ only with a remaining time', () => {
    expect(labels(manifest(true, true, 60))).toEqual(['Cases', 'Battles', 'Chicken', 'Dice', 'Rewards', 'Season', 'Race+']);
    expect(labels(manifest(false, false, null))).toEqual(['Cases', 'Battles', 'Dice', 'Rewards']);
    expect(labels(undefined)).toEqual(['Cases', 'Battles', 'Dice', 'Rewards']);
  });

  test('the race ends its remaining seconds after the manifest’s time', () => {
    expect(raceEndsAt(manifest(true, true, 90))).toBe(1_090_000);
    expect(raceEndsAt(manifest(true, true, null))).toBeNull();
  });
});

describe('saved state and settings', () => {
  test('a saved state of another version is a mismatch; none saved is a first visit', () => {
    expect(STATE_VERSION).toBe('2');
    expect(isVersionMismatch('1')).toBe(true);
    expect(isVersionMismatch('3')).toBe(true);
    expect(isVersionMismatch('2')).toBe(false);
    expect(isVersionMismatch(null)).toBe(false);
  });

  test('stored settings keep only known keys of the right type', () => {
    expect(sanitizeSettings({ sound: false, volume: 0.5, performance: 'yes', unknown: 1, volume2: 3 })).toEqual({ sound: false, volume: 0.5 });
    expect(sanitizeSettings({ volume: 7 })).toEqual({});
    expect(sanitizeSettings('garbage')).toEqual({});
    expect(DEFAULT_SETTINGS).toMatchObject({ locale: 'en', sound: true, notifications: true, lightning: true, lightning_plus: true });
  });
});

describe('performance mode switch', () => {
  test('switches on under 25 fps on average, and only after 500 samples', () => {
    const slow = Array.from({ length: FPS_SAMPLES }, () => 50);
    const fine = Array.from({ length: FPS_SAMPLES }, () => 16.7);
    expect(averageFps(slow)).toBeCloseTo(20);
    expect(isTooSlow(slow)).toBe(true);
    expect(isTooSlow(fine)).toBe(false);
    expect(isTooSlow(slow.slice(0, FPS_SAMPLES - 1))).toBe(false);
    expect(isTooSlow(Array.from({ length: FPS_SAMPLES }, () => 40))).toBe(false);
  });
});

describe('labels', () => {
  test('history types read as the spec labels them', () => {
    expect(historyLabel('arena_debit')).toBe('Payment for join the room');
    expect(historyLabel('battlepass_upgrade')).toBe('Buy upgrade BP');
    expect(historyLabel('chicken_paid')).toBe('Chicken Bet');
  });

  test('item names split into weapon, skin and wear', () => {
    expect(splitItemName('AK-47 | Redline (Field-Tested)')).toEqual({ weapon: 'AK-47', skin: 'Redline', wear: 'FT' });
    expect(splitItemName('★ Karambit | Doppler (Factory New)')).toEqual({ weapon: '★ Karambit', skin: 'Doppler', wear: 'FN' });
    expect(splitItemName('Sticker | Crown (Foil)')).toEqual({ weapon: 'Sticker', skin: 'Crown (Foil)', wear: null });
  });
});

describe('a store read at first use', () => {
  test('reads its value when first read, not when made, and once', () => {
    let reads = 0;
    const store = createLazyStore(() => {
      reads += 1;
      return 'from the cookie';
    });
    expect(reads).toBe(0);
    expect(store.get()).toBe('from the cookie');
    expect(store.get()).toBe('from the cookie');
    expect(reads).toBe(1);
  });

  test('a set is weighed against the value it would have read, and listeners hear changes only', () => {
    let reads = 0;
    const store = createLazyStore<string | null>(() => {
      reads += 1;
      return 'read';
    });
    const heard: (string | null)[] = [];
    store.subscribe(() => heard.push(store.get()));
    store.set('read');
    expect(reads).toBe(1);
    expect(heard).toEqual([]);
    store.set(null);
    expect(heard).toEqual([null]);
    expect(store.get()).toBeNull();
  });
});
