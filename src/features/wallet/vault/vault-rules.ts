/**
 * The vault's rules (document 2 sections 4, 5 and 9), pure: its status and title, the amount
 * field's bounds and its x2, 1/2 and all buttons, and the lock choices.
 */

/** Amount bounds in cents: 0.01 to 10000 coins. */
export const VAULT_MIN = 1;
export const VAULT_MAX = 1_000_000;

/** Lock durations offered, in seconds, the first being the default. */
export const VAULT_LOCK_CHOICES = [
  { seconds: 600, label: '10 minutes' },
  { seconds: 1800, label: '30 minutes' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 21_600, label: '6 hours' },
  { seconds: 43_200, label: '12 hours' },
  { seconds: 86_400, label: '1 day' },
] as const;

/** Empty (nothing in it), opened (coins, no running lock) or closed (locked until lock_time). */
export type VaultStatus = 'empty' | 'opened' | 'closed';

/** The status of a vault at `nowMs`; lock_time is in unix seconds. */
export function vaultStatus(vault: { amount: number; lock_time: number }, nowMs: number): VaultStatus {
  if (vault.amount <= 0) return 'empty';
  return vault.lock_time * 1000 > nowMs ? 'closed' : 'opened';
}

/** The modal's title by status. */
export function vaultTitle(status: VaultStatus): string {
  return status === 'opened' ? 'Vault opened' : status === 'closed' ? 'Vault locked' : 'Vault';
}

/** The field's upper bound: the larger of the wallet balance and the vault, at most 10000 coins. */
export function vaultUpperBound(balance: number, vaultAmount: number): number {
  return Math.min(VAULT_MAX, Math.max(balance, vaultAmount));
}

/** Clamps cents into [0.01 coins, upper]; nothing to clamp to (upper 0) gives 0. */
export function clampVaultAmount(cents: number, upper: number): number {
  if (upper < VAULT_MIN) return 0;
  return Math.min(upper, Math.max(VAULT_MIN, Math.trunc(cents)));
}

/** The 'all' button: the wallet balance while locked (only deposits are possible), else the larger of balance and vault. */
export function vaultAllAmount(balance: number, vaultAmount: number, status: VaultStatus): number {
  return Math.min(VAULT_MAX, status === 'closed' ? balance : Math.max(balance, vaultAmount));
}

/** Whether a lock may be offered: coins in, no running lock, not a sponsored partner. */
export function canLock(status: VaultStatus, sponsored: boolean): boolean {
  return status === 'opened' && !sponsored;
}

/** Whether coins may leave the vault. */
export function canWithdraw(status: VaultStatus): boolean {
  return status === 'opened';
}

/** Typed coins as cents with two decimals, truncated ("12.345" is 1234); null when not a number. */
export function vaultCentsOf(text: string): number | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  return Number(match[1] || '0') * 100 + Number((match[2] ?? '').slice(0, 2).padEnd(2, '0'));
}

/** Cents as the field's text: 1234 is "12.34", 1200 is "12". */
export function vaultTextOf(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}
