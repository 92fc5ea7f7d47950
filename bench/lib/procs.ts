/**
 * Child processes and temp folders of a benchmark run. Every child and folder is registered
 * so that a crash, a timeout or Ctrl-C still kills the servers and removes the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root (bench/lib/..). */
export const ROOT = resolve(import.meta.dirname, '..', '..');

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

/** Kills every child still running and removes every temp folder; safe to call twice. */
export function cleanupNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

process.on('exit', cleanupNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    cleanupNow();
    process.exit(130);
  });
}

/** A fresh folder under the OS temp dir, removed at exit at the latest. */
export function makeTempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `arena-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

/** Removes a temp folder now. */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** A child that printed `LISTENING <port>`. */
export interface Server {
  pid: number;
  port: number;
  logFile: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  /** Arguments of `node`, e.g. ['sim-server/main.ts']. */
  args: string[];
  env?: Record<string, string>;
  /** Pins the process to one CPU (taskset), so server and load generator do not share a core. */
  cpu?: number;
  /** Folder for the child's stdout+stderr (a file, so a chatty logger never blocks on a full pipe). */
  logDir: string;
  name: string;
  timeoutMs?: number;
}

/**
 * The command line: bash raises the open-files limit to the hard limit (thousands of
 * sockets), then execs taskset, which execs node, so the child's pid is node's own.
 */
function commandOf(args: string[], cpu: number | undefined): string[] {
  const node = process.execPath;
  const pinned = cpu === undefined ? [node, ...args] : ['taskset', '-c', String(cpu), node, ...args];
  return ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"', 'bash', ...pinned];
}

/**
 * Sign-in limits off for every server a benchmark starts: a run signs hundreds of players in
 * from one address, which the sim-server's limits (CAPTCHA_REQUIRED, one starting balance per
 * address) would refuse, as the test harness's CONNECT_UNLIMITED does for the tests.
 */
const SIGN_IN_UNLIMITED = { CONNECT_LIMIT_IP: '0', CONNECT_LIMIT_NAME: '0', CONNECT_LOCK_AFTER: '0', CONNECT_CAPTCHA_AFTER: '0', START_GRANT_WINDOW: '0' };

/** The limits by address off too (docs/decisions/0048): thousands of sockets and hundreds of chat posters, all on loopback. */
const ADDRESS_UNLIMITED = { ADDRESS_CHECKS: '0', SOCKETS_PER_IP: '0', CHAT_ACCOUNTS_PER_IP: '0' };

/**
 * The shell's environment minus what makes a server a cluster node: the cluster rows need
 * REDIS_URL (and may take DATABASE_URL) in the shell that runs `npm run bench`, and every
 * other row's server would inherit them, measuring one process publishing through Redis (or on
 * PostgreSQL) where its row says one process alone. A row that wants them passes them in `env`.
 */
function inheritedEnv(): NodeJS.ProcessEnv {
  const { REDIS_URL: _redis, DATABASE_URL: _database, ...rest } = process.env;
  return rest;
}

/** Starts a node server and waits for its `LISTENING <port>` line. */
export async function startServer(options: SpawnOptions): Promise<Server> {
  const logFile = join(options.logDir, `${options.name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn('bash', commandOf(options.args, options.cpu), {
    cwd: ROOT,
    env: { ...inheritedEnv(), ...SIGN_IN_UNLIMITED, ...ADDRESS_UNLIMITED, ...options.env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  children.add(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  exited.then(() => children.delete(child), () => {});

  const stop = async (graceMs = 5000): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const text = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    const found = /^LISTENING (\d+)$/m.exec(text);
    if (found) return { pid: child.pid!, port: Number(found[1]), logFile, child, stop };
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop(1000);
      const why = child.exitCode !== null ? `exited with code ${child.exitCode}` : 'did not print LISTENING in time';
      throw new Error(`${options.name} ${why}; log tail:\n${text.slice(-2000)}`);
    }
    await sleep(50);
  }
}

/** Runs a node script to completion, collecting stdout lines; `onLine` sees each as it comes. */
export function runNode(options: {
  args: string[];
  cpu?: number;
  env?: Record<string, string>;
  timeoutMs: number;
  onLine?: (line: string) => void;
}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, failed) => {
    const child = spawn('bash', commandOf(options.args, options.cpu), {
      cwd: ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      pending += chunk;
      let at: number;
      while ((at = pending.indexOf('\n')) !== -1) {
        options.onLine?.(pending.slice(0, at));
        pending = pending.slice(at + 1);
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      failed(new Error(`node ${options.args.join(' ')} timed out after ${options.timeoutMs} ms; stderr: ${stderr.slice(-1000)}`));
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      children.delete(child);
      failed(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      children.delete(child);
      done({ code, stdout, stderr });
    });
  });
}

/** Resident memory of a process in KiB (VmRSS), or null when it is gone. */
export function rssKiB(pid: number): number | null {
  try {
    const found = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return found ? Number(found[1]) : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, or null when it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU ms the main thread of a process has run so far (/proc/<pid>/schedstat, in ns: exact,
 * where cpuSeconds counts 10 ms ticks), or null when it is gone. A node server's JS, and the
 * kernel work its system calls do, run there.
 */
export function mainThreadCpuMs(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** CPU seconds all CPUs of the machine spent busy so far (/proc/stat: everything but idle and iowait). */
export function machineBusySeconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
}

/** CPU seconds this process, its threads and its finished (reaped) children have used. */
export function ownTreeCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: fields 14 to 17 of the whole line.
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Rejects when `work` takes longer than `ms`. */
export async function withTimeout<T>(label: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, failed) => {
    timer = setTimeout(() => failed(new Error(`${label} timed out after ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The telling line of a crashed child's stderr (its thrown error), not node's stack preamble. */
export function errorSummary(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim());
  const thrown = lines.find((l) => /^(\[?\w*Error\b|Error:)/.test(l));
  const summary = thrown ?? lines.filter(Boolean).at(-1) ?? 'no output';
  return /EMFILE/.test(stderr) ? `${summary} (open-file limit: ulimit -n is too low for the sockets)` : summary;
}

/**
 * The sim-server a bench row measures: its data in `dataDir` (default `dir`/data), no rate
 * limit, no client to serve, pinned to `cpu`; `env` adds or overrides variables, `nodeArgs`
 * go to node before the script (e.g. --inspect, for a benchmark that asks for a full GC).
 */
export function startSimServer(dir: string, cpu: number, options: { name?: string; dataDir?: string; env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<Server> {
  return startServer({
    name: options.name ?? 'sim-server',
    args: [...(options.nodeArgs ?? []), 'sim-server/main.ts'],
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: options.dataDir ?? join(dir, 'data'), RATE_LIMIT_MAX: '0', STATIC_DIR: join(dir, 'no-client'), ...options.env },
    cpu,
    logDir: dir,
    timeoutMs: 30_000,
  });
}
