/**
 * CPU time of a headless Chromium and everything it started. Its renderer and GPU processes are
 * not reaped into our own CPU time, so the runner's noise check would count them as someone
 * else's; the browser benchmarks (gfx.ts, workers.ts) sample the tree themselves instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { machineBusySeconds, ownTreeCpuSeconds } from './lib/procs.ts';
import { NOISE_CPU_PERCENT } from './rpc.ts';

type Stat = { ppid: number; cpu: number };

function readStats(): Map<number, Stat> {
  const stats = new Map<number, Stat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const line = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
      // ppid is field 4 of the line, utime and stime 14 and 15.
      stats.set(Number(entry), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // The process ended while we read.
    }
  }
  return stats;
}

/**
 * Watches the CPU of this process's descendants (the browser Playwright started and its
 * renderer and GPU processes; our own time is counted apart) and of the machine. Call stop()
 * before closing the browser: once reaped, the browser's time joins our own.
 */
export function watchBrowserCpu(rootPid: number = process.pid, everyMs = 250) {
  const seen = new Map<number, { first: number; last: number }>();
  let initial = true;
  const sample = () => {
    const stats = readStats();
    const inTree = new Set<number>([rootPid]);
    // Parents come before children often enough; repeat until the set stops growing.
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, stat] of stats) {
        if (!inTree.has(pid) && inTree.has(stat.ppid)) {
          inTree.add(pid);
          grew = true;
        }
      }
    }
    inTree.delete(rootPid);
    for (const pid of inTree) {
      const cpu = stats.get(pid)?.cpu;
      if (cpu === undefined) continue;
      const entry = seen.get(pid);
      if (entry) entry.last = cpu;
      // A process that appears later started during the run: all its time belongs to it.
      else seen.set(pid, { first: initial ? cpu : 0, last: cpu });
    }
    initial = false;
  };
  const started = Date.now();
  const machine0 = machineBusySeconds();
  const own0 = ownTreeCpuSeconds();
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    /** Stops watching: the browser's CPU seconds, and the share of a CPU other processes used meanwhile. */
    stop(): { browserCpuSeconds: number; otherCpuPercent: number; disturbed: boolean } {
      clearInterval(timer);
      sample();
      const browserCpuSeconds = [...seen.values()].reduce((sum, { first, last }) => sum + Math.max(0, last - first), 0);
      const seconds = (Date.now() - started) / 1000;
      const other = machineBusySeconds() - machine0 - (ownTreeCpuSeconds() - own0) - browserCpuSeconds;
      const otherCpuPercent = seconds > 0.5 ? Math.max(0, (other / seconds) * 100) : 0;
      return { browserCpuSeconds, otherCpuPercent, disturbed: otherCpuPercent > NOISE_CPU_PERCENT };
    },
  };
}

/** Marks rows measured while other processes were busy, as the runner does for the others. */
export function markDisturbed<T extends { verdict: string }>(rows: T[], disturbed: boolean): T[] {
  return disturbed ? rows.map((row) => ({ ...row, verdict: `${row.verdict} (disturbed)` })) : rows;
}
