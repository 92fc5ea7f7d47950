/**
 * How fast this machine is, in Lighthouse's CPU benchmark index, and the CPU slowdowns that make
 * it the phone a benchmark means. A slowdown describes a phone only on a host of known speed:
 * Lighthouse's mobile preset slows the CPU 4x on a reference host of index 1,533, and this
 * workplace's machines have read from 660 to 2,700, so the same 4x or 6x measured phones up to
 * four times apart from one session to the next.
 */
import type { Browser } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** The host whose 4x slowdown is Lighthouse's mobile preset. */
export const REFERENCE_INDEX = 1533;

/**
 * The simulated slowdown (Lighthouse's throttling) that makes a host of this index the preset's
 * phone: Lighthouse's throttling guide, in its section on calibrating the CPU multiplier, maps
 * 1,533 to the preset's 4x, 1,300 to 3x, 800 to 2x and 150 to 1x, linearly between them.
 */
export function calibratedSlowdown(index: number): number {
  if (index >= 1300) return 3 + (index - 1300) / 233;
  if (index >= 800) return 2 + (index - 800) / 500;
  return Math.max(1, 1 + (index - 150) / 650);
}

/**
 * The DevTools throttling rate that runs this host as fast as the reference host slowed `rate`
 * times: the page gets 1/rate of the host, so the rate scales with the host's speed.
 */
export function scaledRate(rate: number, index: number): number {
  return Math.max(1, (rate * index) / REFERENCE_INDEX);
}

/**
 * Lighthouse's own benchmark, read as Lighthouse reads it (once, in a fresh tab, unthrottled),
 * five times: the median. In a tab that has run it already it reads 30-50% higher, and the
 * reference host's 1,533 is a Lighthouse reading.
 */
export async function benchmarkIndex(browser: Browser): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    const page = await browser.newPage();
    readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    await page.close();
  }
  return readings.toSorted((a, b) => a - b)[2]!;
}
