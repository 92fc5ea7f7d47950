import { describe, expect, test, vi } from 'vitest';
import { DEFAULT_SETTINGS, FPS_LIMIT_RANGE, SettingError, getSettings, sanitizeSettings, setSetting, settingProblem } from '../../src/storage/settings.ts';

// The stored settings' bounds (document 1 section 3; docs/decisions/0052): a value out of range
// is refused with its reason and changes nothing, and one read back from storage is dropped.
describe('stored settings', () => {
  test('the FPS limit is 0 (none) or a whole number from 15 to 240; anything else says why', () => {
    for (const ok of [0, FPS_LIMIT_RANGE.min, 60, FPS_LIMIT_RANGE.max]) expect(settingProblem('fps_limit', ok)).toBeNull();
    for (const bad of [-1, 5, 14, 241, 30.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(settingProblem('fps_limit', bad)).toBe('FPS limit: 0 (no limit) or a whole number from 15 to 240');
    expect(settingProblem('fps_limit', '60')).toBe('fps_limit: expected a number');
  });

  test('other bounds: volume 0 to 1, the listed languages and risk levels, known keys with their type', () => {
    expect(settingProblem('volume', 1.5)).toBe('Volume: from 0 to 1');
    expect(settingProblem('locale', 'de')).toBe('Language: one of en, es, ua');
    expect(settingProblem('risk_level', 'extreme')).toBe('Risk level: one of low, medium, high');
    expect(settingProblem('parallax', 'yes')).toBe('parallax: expected a boolean');
    expect(settingProblem('nonsense', true)).toBe('nonsense: not a setting');
    for (const key of ['voice', 'auto_spin', 'lightning_plus', 'messages_mute', 'parallax']) expect(settingProblem(key, true)).toBeNull();
  });

  test('a refused value throws SettingError and leaves the setting as it was', () => {
    setSetting('fps_limit', 30);
    expect(() => setSetting('fps_limit', 7)).toThrow(SettingError);
    expect(getSettings().fps_limit).toBe(30);
    expect(() => setSetting('messages_mute', 'on' as unknown as boolean)).toThrow('messages_mute: expected a boolean');
    expect(getSettings().messages_mute).toBe(false);
  });

  test('a change is in localStorage at once: a reload right after finds every setting, before IndexedDB has its copy', async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value), removeItem: (key: string) => kept.delete(key) });
    // Node has no IndexedDB: its copy is never written here, as in a page reloaded before it was.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      vi.resetModules();
      const page = await import('../../src/storage/settings.ts');
      page.setSetting('fps_limit', 60);
      page.setSetting('messages_mute', true);
      page.setSetting('sound', false);
      vi.resetModules();
      const reloaded = await import('../../src/storage/settings.ts');
      expect(reloaded.getSettings()).toMatchObject({ fps_limit: 60, messages_mute: true, sound: false, volume: DEFAULT_SETTINGS.volume });
    } finally {
      warn.mockRestore();
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  test('values read back from storage out of range are dropped; the voice is off by default', () => {
    expect(sanitizeSettings({ fps_limit: 1000, parallax: false, voice: true, risk_level: 'x' })).toEqual({ parallax: false, voice: true });
    expect(DEFAULT_SETTINGS).toMatchObject({ voice: false, auto_spin: true, lightning: true, lightning_plus: true, parallax: true, fps_limit: 0, messages_mute: false });
  });
});
