/**
 * The load generator, run as its own process (pinned to the other CPU than the server):
 * a warm-up, then the measured run, keep-alive connections with one request in flight
 * each. Only `{"response": ...}` answers count as successes; error envelopes are counted
 * by code and never as throughput.
 *
 * argv[2]: JSON LoadPlan. Prints `MEASURE_START` / `MEASURE_END` around the measured run
 * (the parent samples CPU time then) and `RESULT <json>` last.
 */
import autocannon from 'autocannon';

/** What to run. */
export interface LoadPlan {
  url: string;
  connections: number;
  warmupS: number;
  durationS: number;
  /** Bearer tokens, assigned to connections round-robin (none: no Authorization header). */
  tokens: string[];
}

/** What the measured run saw. */
export interface LoadResult {
  durationS: number;
  /** `{"response": ...}` answers. */
  ok: number;
  okPerSecond: number;
  /** Error envelopes and rate-limit bodies by code. */
  errors: Record<string, number>;
  /** Answers that were not HTTP 2xx, by status. */
  statuses: Record<string, number>;
  /** Connection errors and timeouts (no answer at all). */
  transportErrors: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** `{"response": ...}` answers during the warm-up (they moved money too). */
  warmupOk: number;
  /** CPU this load generator used during the measured run, in percent of one core. */
  cpuPercent: number;
}

let ok = 0;
let errors: Record<string, number> = {};

function verifyBody(body: string): boolean {
  if (body.startsWith('{"response"')) {
    ok += 1;
    return true;
  }
  let code = 'unparsable';
  try {
    const parsed = JSON.parse(body) as { error?: { error_code?: unknown } | string };
    code = typeof parsed.error === 'string' ? parsed.error : String(parsed.error?.error_code ?? 'no error field');
  } catch {
    // keeps 'unparsable'
  }
  errors[code] = (errors[code] ?? 0) + 1;
  return false;
}

async function run(plan: LoadPlan, durationS: number) {
  let next = 0;
  return autocannon({
    url: plan.url,
    connections: plan.connections,
    duration: durationS,
    timeout: 10,
    verifyBody,
    setupClient: (client) => {
      const token = plan.tokens[next++ % Math.max(1, plan.tokens.length)];
      if (token) client.setHeaders({ authorization: `Bearer ${token}` });
    },
  });
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
if (plan.warmupS > 0) await run(plan, plan.warmupS);
const warmupOk = ok;
ok = 0;
errors = {};
console.log('MEASURE_START');
const cpuBefore = process.cpuUsage();
const result = await run(plan, plan.durationS);
const cpu = process.cpuUsage(cpuBefore);
console.log('MEASURE_END');

const statuses: Record<string, number> = {};
for (const [status, { count }] of Object.entries(result.statusCodeStats)) if (!status.startsWith('2')) statuses[status] = count;
const answer: LoadResult = {
  durationS: result.duration,
  ok,
  okPerSecond: ok / result.duration,
  errors,
  statuses,
  transportErrors: result.errors,
  latencyP50Ms: result.latency.p50,
  latencyP99Ms: result.latency.p99,
  warmupOk,
  cpuPercent: ((cpu.user + cpu.system) / 1e6 / result.duration) * 100,
};
console.log(`RESULT ${JSON.stringify(answer)}`);
