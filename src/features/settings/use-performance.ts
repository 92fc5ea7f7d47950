import { useEffect } from 'react';
import { getSettings, settingsLoaded, subscribeSettings } from '../../storage/settings.ts';
import { afterLoadAndIdle } from '../../ui/idle.ts';

/** Mirrors the settings the page's look depends on onto <html> (CSS reads them). */
export function applyDocumentSettings(): void {
  const { performance, ui_effects } = getSettings();
  const root = document.documentElement;
  root.toggleAttribute('data-performance', performance);
  root.toggleAttribute('data-no-effects', !ui_effects);
}

/**
 * Keeps performance mode in force: the page's look follows the setting, settings saved in
 * IndexedDB are read after the first paint (only when some were ever stored), and once the page
 * has loaded and the main thread is idle the automatic switch (auto-performance.ts, its own
 * chunk) measures the device, unless it already has or the player chose.
 */
export function usePerformanceMode(): void {
  useEffect(() => {
    applyDocumentSettings();
    const offDocument = subscribeSettings(applyDocumentSettings);
    void settingsLoaded();
    let stopped = false;
    let stopProbes: (() => void) | undefined;
    const { performance, performance_checked } = getSettings();
    if (!performance && !performance_checked) {
      void afterLoadAndIdle()
        .then(() => (stopped ? null : import('./auto-performance.ts')))
        .then((auto) => {
          if (auto && !stopped) stopProbes = auto.startAutoPerformance();
        })
        .catch(() => undefined);
    }
    return () => {
      stopped = true;
      stopProbes?.();
      offDocument();
    };
  }, []);
}
