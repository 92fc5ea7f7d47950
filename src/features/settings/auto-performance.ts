/**
 * Performance mode's automatic switch, loaded at idle after the first page (use-performance.ts):
 * once per browser the device is measured, and a slow main thread (probeMainThread) or under
 * 25 fps over 500 frames drawn while the arena animates (probeFrameRate) switches the mode on,
 * with the spec's notice and a button that turns it back off. Either answer, or the player's own
 * toggle, ends the measuring for good: the switch never acts twice and never overrides a choice
 * (docs/decisions/0053).
 */
import { getSettings, setSetting, subscribeSettings } from '../../storage/settings.ts';
import { isBusy, subscribeBusy } from '../../ui/activity.ts';
import { PERFORMANCE_NOTICE, prefersReducedMotion } from '../../ui/performance.ts';
import { probeFrameRate, probeMainThread } from '../../ui/performance-probe.ts';
import { pushNotice } from '../notifications/index.ts';

/** Set once the main thread's speed check found this browser fast enough: it is not run again. */
const CPU_CHECKED_KEY = 'perf_cpu_checked';

function readFlag(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Tests and benchmarks turn the probes off with localStorage.perf_probe = 'off'. */
export function probeDisabled(): boolean {
  return readFlag('perf_probe') === 'off';
}

/** Whether the automatic switch may still act: once per browser, never after the player chose. */
export function mayProbe(): boolean {
  const { performance, performance_checked } = getSettings();
  // Reduced motion already draws little; a player who chose a mode keeps it.
  return !performance && !performance_checked && !prefersReducedMotion() && !probeDisabled();
}

/** Starts measuring; answers the function that stops it. */
export function startAutoPerformance(): () => void {
  const stops: (() => void)[] = [];
  const stop = () => {
    for (const end of stops.splice(0)) end();
  };
  if (!mayProbe()) return stop;
  let switching = false;
  const switchOn = () => {
    stop();
    if (!mayProbe()) return;
    switching = true;
    setSetting('performance_checked', true);
    setSetting('performance', true);
    switching = false;
    pushNotice({
      type: 'system',
      title: 'Performance mode',
      message: PERFORMANCE_NOTICE,
      timerMs: 12_000,
      action: { label: 'Turn it off', run: () => setSetting('performance', false) },
    });
  };
  // The player's own toggle wins: a change the switch did not make ends the measuring.
  let seen = getSettings().performance;
  stops.push(
    subscribeSettings(() => {
      const now = getSettings().performance;
      if (now === seen) return;
      seen = now;
      if (switching) return;
      stop();
      if (!getSettings().performance_checked) setSetting('performance_checked', true);
    }),
  );
  if (readFlag(CPU_CHECKED_KEY) !== '1') {
    stops.push(
      probeMainThread((slow) => {
        if (slow) return switchOn();
        try {
          localStorage.setItem(CPU_CHECKED_KEY, '1');
        } catch {
          // Not kept: the check runs again next time, a few idle slices.
        }
      }),
    );
  }
  stops.push(
    probeFrameRate(
      (slow) => {
        if (slow) switchOn();
        else if (mayProbe()) setSetting('performance_checked', true);
      },
      { active: isBusy, subscribe: subscribeBusy },
    ),
  );
  return stop;
}
