import { useEffect } from 'react';
import { getSettings, hydrateSettings, setSetting, subscribeSettings } from '../../storage/settings.ts';
import { PERFORMANCE_NOTICE, probeFrameRate, prefersReducedMotion } from '../../ui/performance.ts';
import { pushNotice } from '../notifications/index.ts';

/** Tests and benchmarks turn the frame-rate probe off with localStorage.perf_probe = 'off'. */
function probeDisabled(): boolean {
  try {
    return localStorage.getItem('perf_probe') === 'off';
  } catch {
    return false;
  }
}

/** Mirrors the settings the page's look depends on onto <html> (CSS reads them). */
export function applyDocumentSettings(): void {
  const { performance, ui_effects } = getSettings();
  const root = document.documentElement;
  root.toggleAttribute('data-performance', performance);
  root.toggleAttribute('data-no-effects', !ui_effects);
}

/**
 * Keeps performance mode in force: the page's look follows the setting, settings saved in
 * IndexedDB are read after the first paint, and the frame rate is probed once per browser:
 * under 25 fps over 500 frames switches the mode on with the spec's notice.
 */
export function usePerformanceMode(): void {
  useEffect(() => {
    applyDocumentSettings();
    const off = subscribeSettings(applyDocumentSettings);
    void hydrateSettings();
    let stopProbe: (() => void) | undefined;
    const { performance, performance_checked } = getSettings();
    // Reduced motion already draws little; a player who chose a mode keeps it.
    if (!performance && !performance_checked && !prefersReducedMotion() && !probeDisabled()) {
      stopProbe = probeFrameRate((slow) => {
        setSetting('performance_checked', true);
        if (!slow || getSettings().performance) return;
        setSetting('performance', true);
        pushNotice({ type: 'system', title: 'Performance mode', message: PERFORMANCE_NOTICE, timerMs: 8000 });
      });
    }
    return () => {
      off();
      stopProbe?.();
    };
  }, []);
}
