/** The payments table: rows, their wire shape, and the player's pages of them. */
import type { Payment, PaymentStatus, z } from '../../../src/contract/index.ts';
import { formatUnits, isCryptoCurrency, toHash } from '../../../src/core/index.ts';
import { CURRENCY_DECIMALS } from '../../../src/core/money.ts';
import type { Db, Tx } from '../../db/database.ts';

/** A payment as the wire shows it. */
export type PaymentOut = z.output<typeof Payment>;
/** A payment status. */
export type Status = z.output<typeof PaymentStatus>;

/** A payments row. */
export interface PaymentRow {
  id: number;
  user_id: number;
  type: 'deposit' | 'withdraw';
  provider: PaymentOut['provider'];
  method: string;
  currency: string;
  status: Status;
  amount: number;
  units: number;
  fee_units: number;
  address: string | null;
  tx_hash: string | null;
  confirmations: number;
  required_confirmations: number;
  memo: string | null;
  reason: string | null;
  refund_address: string | null;
  refunded_at: number | null;
  details: string;
  due_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Fields of a new payment; the rest start empty. */
export type NewPayment = Pick<PaymentRow, 'user_id' | 'type' | 'provider' | 'method' | 'currency' | 'status' | 'amount' | 'units'> &
  Partial<Pick<PaymentRow, 'fee_units' | 'address' | 'tx_hash' | 'required_confirmations' | 'memo' | 'due_at'>> & { details?: object };

/** Decimals of a payment currency: the crypto ones', else cents. */
function decimalsOf(currency: string): number {
  return isCryptoCurrency(currency) ? CURRENCY_DECIMALS[currency] : 2;
}

/** The wire shape of a payment. */
export function paymentOut(row: PaymentRow): PaymentOut {
  const decimals = decimalsOf(row.currency);
  return {
    hash: toHash(row.id),
    type: row.type,
    provider: row.provider,
    method: row.method,
    currency: row.currency,
    status: row.status,
    amount: row.amount,
    value: formatUnits(row.units, decimals),
    fee: formatUnits(row.fee_units, decimals),
    time: row.created_at,
    updated_at: row.updated_at,
    states: {
      wallet_address: row.address,
      tx_hash: row.tx_hash,
      confirmations: row.confirmations,
      required_confirmations: row.required_confirmations,
      reason: row.reason,
      refund_address: row.refund_address,
    },
  };
}

/** Provider details of a payment. */
export function detailsOf<T extends object>(row: PaymentRow): Partial<T> {
  return JSON.parse(row.details) as Partial<T>;
}

/** Inserts a payment and answers its row. */
export async function insertPayment(tx: Tx, p: NewPayment, now: number): Promise<PaymentRow> {
  return (await tx.get<PaymentRow>(
    `INSERT INTO payments (user_id, type, provider, method, currency, status, amount, units, fee_units, address, tx_hash,
       required_confirmations, memo, details, due_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    p.user_id, p.type, p.provider, p.method, p.currency, p.status, p.amount, p.units, p.fee_units ?? 0, p.address ?? null, p.tx_hash ?? null,
    p.required_confirmations ?? 0, p.memo ?? null, JSON.stringify(p.details ?? {}), p.due_at ?? null, now, now,
  ))!;
}

/** A payment by id. */
export function paymentById(db: Pick<Db, 'get'>, id: number): Promise<PaymentRow | undefined> {
  return db.get<PaymentRow>('SELECT * FROM payments WHERE id = ?', id);
}

/** A card invoice by its memo. */
export function paymentByMemo(db: Pick<Db, 'get'>, memo: string): Promise<PaymentRow | undefined> {
  return db.get<PaymentRow>('SELECT * FROM payments WHERE memo = ?', memo);
}

/** A player's payments, newest first, after the payment `before` (its id), optionally in one currency. */
export function paymentsPage(db: Pick<Db, 'all'>, userId: number, page: { before?: number; count: number; currency?: string }): Promise<PaymentRow[]> {
  return db.all<PaymentRow>(
    'SELECT * FROM payments WHERE user_id = ? AND id < ? AND (CAST(? AS TEXT) IS NULL OR currency = ?) ORDER BY id DESC LIMIT ?',
    userId, page.before ?? Number.MAX_SAFE_INTEGER, page.currency ?? null, page.currency ?? null, page.count,
  );
}

/** Payments waiting for someone (the sim console lists them): unpaid invoices and money on the way. */
export function openPayments(db: Pick<Db, 'all'>, limit = 200): Promise<PaymentRow[]> {
  return db.all<PaymentRow>("SELECT * FROM payments WHERE status IN ('waiting', 'pending') ORDER BY id DESC LIMIT ?", limit);
}

/** The latest payments of everyone, for the sim console. */
export function recentPayments(db: Pick<Db, 'all'>, limit = 50): Promise<PaymentRow[]> {
  return db.all<PaymentRow>('SELECT * FROM payments ORDER BY id DESC LIMIT ?', limit);
}
