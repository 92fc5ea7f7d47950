/**
 * Dated partner figures for the partnership-plus dashboard (docs/decisions/0022): visits,
 * referrals, wagers, earnings and deposits per partner and UTC day, added to in the same
 * transaction as what they count. A dashboard sums at most a period's days of one partner.
 */
import type { HistoryType } from '../../../src/contract/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BalanceChange, CountedWager } from '../../db/ledger.ts';

const DAY_MS = 86_400_000;

/** The periods a dashboard shows, in days back from today (all: every day there is). */
export const PERIOD_DAYS = { day: 1, week: 7, month: 30, all: null } as const;
export type Period = keyof typeof PERIOD_DAYS;

/** The most days a chart draws: past that the oldest days are left out of the series, not the sums. */
const MAX_SERIES_DAYS = 366;

/** Ledger types that are a referral's completed deposit. */
const DEPOSITS = new Set<HistoryType>(['wallet_deposit', 'gift_code']);

type Column = 'visits' | 'referrals' | 'wagers' | 'wagered' | 'earned_milli' | 'deposits' | 'deposited';

export const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

async function add(tx: Tx, partnerId: number, day: number, values: Partial<Record<Column, number>>): Promise<void> {
  const columns = Object.keys(values) as Column[];
  await tx.run(
    `INSERT INTO partner_daily (partner_id, day, ${columns.join(', ')}) VALUES (?, ?, ${columns.map(() => '?').join(', ')})
     ON CONFLICT (partner_id, day) DO UPDATE SET ${columns.map((c) => `${c} = partner_daily.${c} + excluded.${c}`).join(', ')}`,
    partnerId, day, ...columns.map((c) => values[c]!),
  );
}

/** A visit of the partner's invite link. */
export async function countVisitDay(tx: Tx, partnerId: number, now: number): Promise<void> {
  await add(tx, partnerId, dayOf(now), { visits: 1 });
}

/** A player took the partner's code (a new referral, or one who moved to this partner). */
export async function countReferralDay(tx: Tx, partnerId: number, now: number): Promise<void> {
  await add(tx, partnerId, dayOf(now), { referrals: 1 });
}

/** A referral's completed deposit (what the deposit figures count). */
export const isReferralDeposit = (change: BalanceChange) => DEPOSITS.has(change.type) && change.amount > 0;

/**
 * A referral's completed deposit adds to the day of `partnerId`, their partner, with what it
 * earned them (`earnedMilli`, from the running totals' rule in earnings.ts, so the days add up to them).
 */
export async function countDepositDay(tx: Tx, change: BalanceChange, partnerId: number, now: number, earnedMilli: number): Promise<void> {
  await add(tx, partnerId, dayOf(now), { deposits: 1, deposited: change.amount, earned_milli: earnedMilli });
}

/** A referral's counted wager adds to the day of `partnerId` (wagers earn nothing themselves: they set the tier). */
export async function countWagerDay(tx: Tx, wager: CountedWager, partnerId: number, now: number): Promise<void> {
  await add(tx, partnerId, dayOf(now), { wagers: 1, wagered: wager.amount });
}

/** The figures of a period. */
export interface PeriodFigures {
  visits: number;
  referrals: number;
  wagers: number;
  /** Cents. */
  wagered: number;
  /** Cents, rounded down. */
  earned: number;
  deposits: number;
  /** Cents. */
  deposited: number;
}

interface DayRow {
  day: number;
  visits: number;
  referrals: number;
  wagers: number;
  wagered: number;
  earned_milli: number;
  deposits: number;
  deposited: number;
}

const figuresOf = (r: Omit<DayRow, 'day'>): PeriodFigures => ({
  visits: r.visits, referrals: r.referrals, wagers: r.wagers, wagered: r.wagered,
  earned: Math.max(0, Math.floor(r.earned_milli / 1000)), deposits: r.deposits, deposited: r.deposited,
});

const firstDay = (period: Period, today: number) => {
  const days = PERIOD_DAYS[period];
  return days === null ? 0 : today - days + 1;
};

/** The sums of one period. */
export async function periodFigures(db: Pick<Db, 'get'>, partnerId: number, period: Period, now: number): Promise<PeriodFigures> {
  const today = dayOf(now);
  const row = (await db.get<Omit<DayRow, 'day'>>(
    `SELECT COALESCE(SUM(visits), 0) AS visits, COALESCE(SUM(referrals), 0) AS referrals, COALESCE(SUM(wagers), 0) AS wagers,
            COALESCE(SUM(wagered), 0) AS wagered, COALESCE(SUM(earned_milli), 0) AS earned_milli,
            COALESCE(SUM(deposits), 0) AS deposits, COALESCE(SUM(deposited), 0) AS deposited
       FROM partner_daily WHERE partner_id = ? AND day BETWEEN ? AND ?`,
    partnerId, firstDay(period, today), today,
  ))!;
  return figuresOf(row);
}

/** One day of the chart: its start in unix seconds and its figures. */
export type DayFigures = PeriodFigures & { at: number };

/** The days of a period, every day present (a quiet day is zeros), oldest first. */
export async function periodSeries(db: Pick<Db, 'all'>, partnerId: number, period: Period, now: number): Promise<DayFigures[]> {
  const today = dayOf(now);
  const rows = await db.all<DayRow>('SELECT * FROM partner_daily WHERE partner_id = ? AND day BETWEEN ? AND ? ORDER BY day', partnerId, Math.max(firstDay(period, today), today - MAX_SERIES_DAYS + 1), today);
  const from = PERIOD_DAYS[period] === null ? (rows[0]?.day ?? today) : firstDay(period, today);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series: DayFigures[] = [];
  for (let day = from; day <= today; day++) {
    const r = byDay.get(day);
    series.push({ at: (day * DAY_MS) / 1000, ...figuresOf(r ?? { visits: 0, referrals: 0, wagers: 0, wagered: 0, earned_milli: 0, deposits: 0, deposited: 0 }) });
  }
  return series;
}

/** Keeps a partner's running referral count (read by earningsOf) in the caller's transaction. */
export async function countReferral(tx: Tx, partnerId: number, delta: 1 | -1): Promise<void> {
  await tx.run(
    'INSERT INTO partner_earnings (partner_id, referrals) VALUES (?, ?) ON CONFLICT (partner_id) DO UPDATE SET referrals = partner_earnings.referrals + excluded.referrals',
    partnerId, delta,
  );
}
