/** The house account on the other side of case money: it takes case purchases and pays instant sells. */
import type { AccountRef } from '../../db/ledger.ts';

/** The cases house account. */
export const CASES_HOUSE: AccountRef = { house: 'cases' };
