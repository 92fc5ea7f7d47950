/**
 * Partner dashboard figures at scale (issue 18): a partner with 100,000 referrals whose
 * wagers (1,000,000, spread over a year) went through the partnership ledger hook, then
 * partnership-plus.dashboard and .home over HTTP, one request at a time; p99 per call.
 * The wagers run the domain's own hook (what every ledger entry of a referral runs) in
 * batched transactions rather than through whole case openings, which would take the
 * machine an hour; the aggregates they leave are the same.
 */
import { buildApp } from '../sim-server/app.ts';
import type { CountedWager } from '../sim-server/db/ledger.ts';
import { setTag, findUserByName } from '../sim-server/kernel/users.ts';
import { partnership } from '../sim-server/domains/partnership/index.ts';
import { applyCode } from '../sim-server/domains/partnership/referrals.ts';
import { rpc, signIn } from './lib/http.ts';
import { makeTempDir, removeTempDir } from './lib/procs.ts';
import { fmt, judge, type Row, type Section } from './lib/report.ts';

export interface PartnerDashboardOptions {
  referrals: number;
  wagers: number;
  /** Requests per call measured. */
  requests: number;
}

const DAY_MS = 86_400_000;
const P99_TARGET_MS = 50;

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
}

export async function partnerDashboardBench(options: PartnerDashboardOptions): Promise<Section> {
  const dir = makeTempDir('partner');
  const now = Date.now();
  const built = await buildApp({ staticDir: '/nonexistent', dataDir: dir, rateLimit: { max: 0, windowMs: 60_000 } });
  try {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await signIn(base, 'benchpartner', 'bench-pass-1');
    const { db } = built.services;
    const partner = (await findUserByName(db, 'benchpartner'))!;
    await db.transaction((tx) => setTag(tx, partner.id, 'partner', true));

    const seedStart = performance.now();
    const referralIds: number[] = [];
    const YEAR_DAYS = 365;
    for (let start = 0; start < options.referrals; start += 10_000) {
      await db.transaction(async (tx) => {
        for (let i = start; i < Math.min(options.referrals, start + 10_000); i++) {
          const joined = now - Math.floor((i / options.referrals) * YEAR_DAYS) * DAY_MS;
          const { lastInsertRowid: id } = await tx.run('INSERT INTO users (name, display_name, created_at) VALUES (?, ?, ?)', `benchref${i}`, `benchref${i}`, joined);
          // Seeded referrals come from nowhere: no device or address to compare with the partner's.
          await applyCode(tx, id, { code: 'benchpartner', anonymous: false }, { now: joined, origin: { device: null, ip: null }, addressChecks: false });
          referralIds.push(id);
        }
      });
    }
    const hook = partnership.onWager!;
    let clockAt = now;
    const services = { ...built.services, config: { ...built.services.config, now: () => clockAt } };
    for (let start = 0; start < options.wagers; start += 20_000) {
      await db.transaction(async (tx) => {
        for (let i = start; i < Math.min(options.wagers, start + 20_000); i++) {
          clockAt = now - Math.floor(((options.wagers - i) / options.wagers) * YEAR_DAYS) * DAY_MS;
          const wager: CountedWager = { userId: referralIds[i % referralIds.length]!, amount: 100 + (i % 900), type: 'unbox_boxes_bought', hash: '' };
          await hook(tx, wager, services);
        }
      });
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const calls: { label: string; method: string; params: Record<string, string> }[] = [
      ...(['day', 'week', 'month', 'all'] as const).map((period) => ({ label: `dashboard ${period}`, method: 'partnership-plus.dashboard', params: { period } })),
      { label: 'home', method: 'partnership-plus.home', params: {} },
    ];
    const rows: Row[] = [];
    const details: Record<string, unknown> = { seedSeconds, referrals: options.referrals, wagers: options.wagers };
    let fatal = false;
    for (const call of calls) {
      const first = await rpc(base, token, call.method, call.params);
      if (!('response' in first)) throw new Error(`${call.method} failed: ${JSON.stringify(first)}`);
      const samples: number[] = [];
      for (let i = 0; i < options.requests; i++) {
        const t0 = performance.now();
        await rpc(base, token, call.method, call.params);
        samples.push(performance.now() - t0);
      }
      const value = p99(samples);
      details[call.label] = { p99: value, median: [...samples].sort((a, b) => a - b)[samples.length >> 1] };
      rows.push({ benchmark: 'partner', figure: `${call.label} p99 ${fmt(value, 1)}`, value, unit: 'ms', target: `< ${P99_TARGET_MS}`, verdict: judge(value < P99_TARGET_MS) });
    }
    const all = (await rpc(base, token, 'partnership-plus.home')) as { response: { periods: { all: { referrals: number; wagers: number } } } };
    if (all.response.periods.all.referrals !== options.referrals || all.response.periods.all.wagers !== options.wagers) fatal = true;
    return {
      rows,
      notes: [`partner: ${fmt(options.referrals)} referrals, ${fmt(options.wagers)} wagers over a year seeded in ${seedSeconds.toFixed(1)} s; ${options.requests} sequential requests per call; figures ${fatal ? 'DO NOT match' : 'match'} the seed`],
      details,
      fatal,
    };
  } finally {
    await built.close();
    removeTempDir(dir);
  }
}
