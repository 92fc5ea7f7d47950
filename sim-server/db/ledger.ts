/**
 * The ledger: the only code that changes a balance. Double entry, one row per transfer;
 * a debit from a player's account is conditional (balance >= amount) inside the caller's
 * BEGIN IMMEDIATE transaction, so concurrent spends can never overdraw.
 *
 * Part of a player's balance may be sponsored (accounts.sponsored, partnership.borrow): coins
 * a sponsor lent, which play like any other but cannot leave the player's hands. Entries that
 * take coins out of play (CASH_OUT_TYPES) may only spend the rest, the withdrawable part;
 * a loss is paid from the player's own coins first, so the sponsored part shrinks only once
 * the balance falls below it (docs/decisions/0010).
 *
 * Coins tipped with need_wager (accounts.wager_lock, docs/decisions/0032) and Deposit Bonus
 * coins (accounts.bonus_locked, docs/decisions/0034) are held the same way until counted wagers
 * free them: a tip lock by each wager's amount, a bonus once bonus_wager_left is used up. A loss
 * eats the player's own coins first, then locked tip coins, then the bonus, then the sponsored part.
 *
 * A counted wager is the one rule every figure earned by wagering follows (docs/decisions/0049):
 * a debit of a wager type that can no longer come back. A stake that can still be refunded (a
 * battle seat) is a hold: the debit remembers which locked parts it took, a refund gives back
 * exactly those, and it is counted (onWager) only when it settles.
 *
 * What a stake of sponsored coins wins is sponsored too, in the stake's proportion, until the
 * challenge completes (docs/decisions/0056): the stake is remembered per game
 * (sponsored_stakes), a payout on that game (coins, or an item's sale) is split by it, and a
 * credit given back takes that share to the sponsor wherever it went.
 */
import { NamedError, type HistoryType } from '../../src/contract/index.ts';
import { GAME_MONEY, WAGER_TYPES } from '../../src/core/games.ts';
import { toHash } from '../../src/core/hash-id.ts';
import { fail } from '../errors.ts';
import { lockedIn, type Db, type Tx } from './transaction.ts';

/** The coin currency; balances are integer cents of it. */
export const COIN = 'SFC';

/**
 * Entry types that take coins out of the player's own play: only the withdrawable part may pay
 * them. Besides withdrawals and the vault, what pays other players: a tip, seats sponsored for
 * others, a partner race's prize and party fuel (given back as own coins when cancelled, and
 * won by others meanwhile; a credit paying them would leave play through someone else).
 */
const CASH_OUT_TYPES: ReadonlySet<HistoryType> = new Set(['wallet_withdraw', 'vault_deposit', 'tip', 'arena_sponsor', 'partner_race_prize', 'party_fuel']);

/** Debits that wager: counted when they are made, or when they settle if they were held. */
const WAGERS: ReadonlySet<string> = new Set(WAGER_TYPES);
const WAGER_LIST = WAGER_TYPES.map((type) => `'${type}'`).join(', ');

/**
 * Coins a game pays back for its stake (on the stake's ref), so split by a sponsored stake: the
 * games' wins but an item's sale (an item knows its game: `Transfer.stakes`), and a Battle
 * Refund booster's seat given back.
 */
const PAYOUT_TYPES: ReadonlySet<string> = new Set([
  ...Object.values(GAME_MONEY).flatMap((money) => money.winTypes).filter((type) => type !== 'unbox_instant_sell'),
  'booster_battle_refund',
]);

/** The house account sponsor credits come from and go back to. */
const SPONSOR_HOUSE = { house: 'sponsor' } as const;

/** A player's main balance and how much of it is sponsored or still to be wagered. */
export interface BalanceSplit {
  balance: number;
  sponsored: number;
  /** Cents of need_wager tips the player must still wager before they can leave. */
  toWager: number;
  /** Deposit Bonus coins not yet wagered through (play only). */
  bonusLocked: number;
  /** Cents of counted wagers still needed to free bonusLocked (0 when nothing is locked). */
  bonusWagerLeft: number;
  /** balance − sponsored − bonusLocked − toWager. */
  withdrawable: number;
  /** sponsored / balance (partnership.borrow), 0 for an empty wallet. */
  borrow: number;
}

/** Where money sits: a player's wallet or vault, a house account, or the outside world. */
export type AccountRef =
  | { user: number; purpose?: 'main' | 'vault'; currency?: string }
  | { house: string; currency?: string }
  | { world: true; currency?: string };

/** A balance change of a player's main wallet, for the WALLET_BALANCE_CHANGED push. */
export interface BalanceChange {
  userId: number;
  currency: string;
  balance: number;
  /** Signed cents. */
  amount: number;
  type: HistoryType;
  hash: string;
}

/** One transfer to record. */
export interface Transfer {
  from: AccountRef;
  to: AccountRef;
  /** Positive integer cents. */
  amount: number;
  type: HistoryType;
  /** What the money paid for (a game hash, a payment id...). */
  ref?: string;
  /** The credited player must wager this amount once before it can leave (a need_wager tip). */
  untilWagered?: boolean;
  /**
   * A player's stake that may still be refunded (needs `ref`): held, not counted, until
   * settleHolds; refundHold gives back exactly the parts of the balance it took.
   */
  hold?: boolean;
  /**
   * What a payout that is not on its game's ref paid for: an item sale's items, each with the
   * game whose stake bought it and its price. A payout of PAYOUT_TYPES is on its own ref.
   */
  stakes?: readonly { ref: string; value: number }[];
}

/**
 * A wager that can no longer come back: what experience, races, challenges, rain and partner
 * figures count. `hash` is the debit's entry (a held stake's original debit).
 */
export interface CountedWager {
  userId: number;
  /** Positive cents. */
  amount: number;
  type: HistoryType;
  hash: string;
}

/** The locked parts of a balance a held stake took, still held. */
interface HoldRow {
  entry_id: number;
  user_id: number;
  type: HistoryType;
  held: number;
  sponsored: number;
  bonus: number;
  tip: number;
  recalled: number;
}

/** What the invariant check found. */
export interface LedgerCheck {
  ok: boolean;
  problems: string[];
  /** Sum of every account but the world's. */
  held: number;
  /** External deposits minus external withdrawals. */
  externalNet: number;
}

interface AccountRow {
  id: number;
  kind: 'user' | 'house' | 'world';
  user_id: number | null;
  currency: string;
  code: string;
}

/** What the ledger tells the rest of the server. */
export interface LedgerHooks {
  now: () => number;
  /** Every committed change of a player's main wallet (the WALLET_BALANCE_CHANGED push). */
  onBalanceChange?: (change: BalanceChange) => void;
  /** Every change of a player's main wallet, inside its transaction (what a change completes is paid with it). */
  onEntry?: (tx: Tx, change: BalanceChange) => void | Promise<void>;
  /** Every counted wager, inside its transaction (what wagering earns commits with it). */
  onWager?: (tx: Tx, wager: CountedWager) => void | Promise<void>;
  /**
   * Rows per house and world account (docs/decisions/0058). Every wager credits a house account
   * and holds its row locked until it commits: on PostgreSQL, where transactions of different
   * players run at once, one row would queue them all. A transfer with a player on one side uses
   * that player's row of the house (their id modulo this), so the wagers of different players
   * mostly meet on none; what the house holds is the sum of its rows, which every reader adds
   * up and the ledger check proves per row. 1 (the default, and SQLite's): one row, as before.
   */
  shards?: number;
}

/** Builds the ledger. */
export function createLedger({ now, onBalanceChange, onEntry, onWager, shards = 1 }: LedgerHooks) {
  if (!Number.isSafeInteger(shards) || shards < 1) throw new Error(`ledger: shards must be a positive integer, got ${shards}`);

  /** What a shared account's code ends with for `player`'s transfers: '' for the first row. */
  function shardSuffix(player: number | null | undefined): string {
    if (shards === 1 || player == null) return '';
    const k = player % shards;
    return k === 0 ? '' : `:${k}`;
  }

  /** An account's code; a house or the world's has one row per shard, chosen by `player`. */
  function codeOf(ref: AccountRef, player?: number | null): { code: string; kind: AccountRow['kind']; userId: number | null; currency: string } {
    const currency = ref.currency ?? COIN;
    if ('user' in ref) return { code: `user:${ref.user}:${ref.purpose ?? 'main'}:${currency}`, kind: 'user', userId: ref.user, currency };
    if ('house' in ref) return { code: `house:${ref.house}:${currency}${shardSuffix(player)}`, kind: 'house', userId: null, currency };
    return { code: `world:${currency}${shardSuffix(player)}`, kind: 'world', userId: null, currency };
  }

  /** Every row's code of a shared account (one per shard). */
  const rowsOf = (ref: AccountRef): string[] => Array.from({ length: shards }, (_, k) => codeOf(ref, k).code);

  // Account rows never change identity once committed, so their ids are cached. A row this
  // transaction inserted is cached only after COMMIT: a rollback must not leave a stale id.
  const known = new Map<string, AccountRow>();
  const insertedBy = new WeakMap<Tx, Set<string>>();

  async function account(tx: Tx, ref: AccountRef, player?: number | null): Promise<AccountRow> {
    const { code, kind, userId, currency } = codeOf(ref, player);
    const cached = known.get(code);
    if (cached) return cached;
    const found = await tx.get<AccountRow>('SELECT id, kind, user_id, currency, code FROM accounts WHERE code = ?', code);
    if (found) {
      if (!insertedBy.get(tx)?.has(code)) known.set(code, found);
      return found;
    }
    const { lastInsertRowid } = await tx.run('INSERT INTO accounts (code, kind, user_id, currency) VALUES (?, ?, ?, ?)', code, kind, userId, currency);
    const row: AccountRow = { id: lastInsertRowid, kind, user_id: userId, currency, code };
    let inserted = insertedBy.get(tx);
    if (!inserted) insertedBy.set(tx, (inserted = new Set()));
    inserted.add(code);
    tx.afterCommit(() => known.set(code, row));
    return row;
  }

  /** Moves `amount` cents; throws COMMIT_ERROR when a player's balance does not cover it. */
  async function transfer(tx: Tx, t: Transfer): Promise<{ id: number; hash: string; debitBalance: number; creditBalance: number }> {
    if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new Error(`ledger: amount must be positive integer cents, got ${t.amount}`);
    // A house's or the world's row is the one of the player on the other side (see `shards`).
    const player = 'user' in t.from ? t.from.user : 'user' in t.to ? t.to.user : null;
    const from = await account(tx, t.from, player);
    const to = await account(tx, t.to, player);
    if (from.currency !== to.currency) throw new Error('ledger: a transfer stays in one currency');
    if (from.id === to.id) throw new Error('ledger: a transfer needs two accounts');

    // SET reads the row as it was: a loss leaves the sponsored part alone until it eats into it,
    // and the bonus part until it eats into what is above the sponsored part. A counted wager
    // that uses up the bonus's wagering frees the bonus in the same statement. What the debit
    // took of each part comes back in the same statement (sponsored_taken, bonus_taken): a
    // hold and a sponsored stake remember it without reading the row first.
    const cashOut = CASH_OUT_TYPES.has(t.type) ? 1 : 0;
    const wager = WAGERS.has(t.type) && !t.hold && from.kind === 'user' && from.code.includes(':main:') ? 1 : 0;
    if (t.hold && (from.kind !== 'user' || !from.code.includes(':main:') || !t.ref)) throw new Error('ledger: a hold is a stake from a player\'s wallet with a ref');
    const a = t.amount;
    const untilWagered = t.untilWagered && to.kind === 'user' ? a : 0;
    const sponsoredAfter = 'CASE WHEN balance - ? >= sponsored THEN sponsored WHEN balance - ? > 0 THEN balance - ? ELSE 0 END';
    const bonusAfter = `CASE WHEN ? = 1 AND bonus_wager_left <= ? THEN 0
                             WHEN balance - ? - sponsored >= bonus_locked THEN bonus_locked
                             WHEN balance - ? - sponsored > 0 THEN balance - ? - sponsored ELSE 0 END`;
    // The debit, the credit and the entry do not wait for each other's answers: they go out
    // together (one round trip on PostgreSQL, docs/decisions/0059) and run in this order, so the
    // entry's id is still drawn after both accounts' rows are locked (the order of a wallet's
    // entries, docs/decisions/0058). The entry reads the balances the two UPDATEs left.
    const [debited, creditedRow, entry] = await Promise.all([
      tx.get<{ balance: number; sponsored: number; sponsored_taken: number; bonus_locked: number; bonus_taken: number; wager_lock: number }>(
        `UPDATE accounts SET balance = balance - ?,
                sponsored = ${sponsoredAfter}, sponsored_taken = sponsored - ${sponsoredAfter},
                bonus_locked = ${bonusAfter}, bonus_taken = bonus_locked - ${bonusAfter},
                bonus_wager_left = CASE WHEN ? = 0 OR bonus_locked = 0 THEN bonus_wager_left WHEN bonus_wager_left <= ? THEN 0 ELSE bonus_wager_left - ? END
          WHERE id = ? AND (kind <> 'user' OR balance - ? * (sponsored + bonus_locked + wager_lock) >= ?)
          RETURNING balance, sponsored, sponsored_taken, bonus_locked, bonus_taken, wager_lock`,
        a, a, a, a, a, a, a, wager, a, a, a, a, wager, a, a, a, a, wager, a, a, from.id, cashOut, a,
      ),
      tx.get<{ balance: number; tainted: number }>(
        'UPDATE accounts SET balance = balance + ?, wager_lock = wager_lock + ? WHERE id = ? RETURNING balance, tainted',
        a, untilWagered, to.id,
      ),
      tx.run(
        `INSERT INTO ledger (debit_account, credit_account, amount, type, ref, debit_balance, credit_balance, locked, created_at)
         VALUES (?, ?, ?, ?, ?, (SELECT balance FROM accounts WHERE id = ?), (SELECT balance FROM accounts WHERE id = ?), 0, ?)`,
        from.id, to.id, a, t.type, t.ref ?? null, from.id, to.id, now(),
      ),
    ]);
    const id = entry.lastInsertRowid;
    if (!debited) {
      // Refused: the credit and the entry that went out with the debit are taken back here, so
      // a refused transfer moves nothing even for a caller that catches the refusal and goes on
      // (the caller's transaction usually rolls them back anyway).
      await Promise.all([
        tx.run('UPDATE accounts SET balance = balance - ?, wager_lock = wager_lock - ? WHERE id = ?', a, untilWagered, to.id),
        tx.run('DELETE FROM ledger WHERE id = ?', id),
      ]);
      fail(NamedError.COMMIT_ERROR, cashOut ? 'Not enough withdrawable funds' : 'Not enough funds');
    }
    const credited = creditedRow!;
    let lock = debited.wager_lock;
    if (lock > 0) {
      // A wager frees its amount; any spend leaves at most what own coins no longer cover locked.
      const wagered = wager ? t.amount : 0;
      lock = Math.max(0, Math.min(debited.wager_lock - wagered, debited.balance - debited.sponsored - debited.bonus_locked));
      if (lock !== debited.wager_lock) await tx.run('UPDATE accounts SET wager_lock = ? WHERE id = ?', lock, from.id);
    }
    // Only a player with sponsored stakes on record pays for the look-up (and the entry's locked part).
    const payout = credited.tainted ? await sponsoredShare(tx, to, t) : { locked: 0, toSponsor: 0 };
    if (payout.locked + payout.toSponsor > 0) await tx.run('UPDATE ledger SET locked = ? WHERE id = ?', payout.locked + payout.toSponsor, id);
    const hash = toHash(id);
    if (debited.sponsored_taken > 0 && WAGERS.has(t.type)) await rememberSponsoredStake(tx, from, t.ref, a, debited.sponsored_taken);
    if (t.hold) {
      // The statement leaves wager_lock as it was: what the tip lock lost is the read less what it is now.
      await tx.run(
        'INSERT INTO wager_holds (entry_id, user_id, ref, type, amount, held, sponsored, bonus, tip) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        id, from.user_id, t.ref!, t.type, a, a, debited.sponsored_taken, debited.bonus_taken, debited.wager_lock - lock,
      );
    }
    for (const [acc, after, sign] of [[from, debited.balance, -1], [to, credited.balance, 1]] as const) {
      if (acc.kind === 'user' && acc.code.includes(':main:')) {
        const change: BalanceChange = { userId: acc.user_id!, currency: acc.currency, balance: after, amount: sign * t.amount, type: t.type, hash };
        // Queued before the in-transaction hook runs: a transfer the hook makes (a deposit's
        // bonus) is pushed after this one, so the last balance the player hears is the newest.
        if (onBalanceChange) tx.afterCommit(() => onBalanceChange(change));
        await onEntry?.(tx, change);
      }
    }
    if (wager) await onWager?.(tx, { userId: from.user_id!, amount: a, type: t.type, hash });
    // A game staked with a credit given back since pays the credit's share to the sponsor.
    if (payout.toSponsor > 0) await transfer(tx, { from: t.to, to: SPONSOR_HOUSE, amount: payout.toSponsor, type: 'sponsor', ref: t.ref });
    return { id, hash, debitBalance: debited.balance, creditBalance: credited.balance };
  }

  /** A wager that took `sponsored` cents of the sponsored part: its game (ref) pays back sponsored in that proportion. */
  async function rememberSponsoredStake(tx: Tx, from: AccountRow, ref: string | undefined, amount: number, sponsored: number): Promise<void> {
    if (!ref) throw new Error('ledger: a wager of sponsored coins needs the ref of its game');
    await tx.run(
      `INSERT INTO sponsored_stakes (user_id, ref, staked, sponsored, state) VALUES (?, ?, ?, ?, 'open')
       ON CONFLICT (user_id, ref) DO UPDATE SET staked = sponsored_stakes.staked + excluded.staked, sponsored = sponsored_stakes.sponsored + excluded.sponsored`,
      from.user_id, ref, amount, sponsored,
    );
    await tx.run('UPDATE accounts SET tainted = 1 WHERE id = ? AND tainted = 0', from.id);
  }

  /**
   * The part of a payout its games' sponsored stakes own: locked as sponsored in the wallet
   * while the credit runs (done here), or owed to the sponsor once the credit was given back
   * (the caller sends it). A game whose credit completed has no row any more: all own coins.
   */
  async function sponsoredShare(tx: Tx, to: AccountRow, t: Transfer): Promise<{ locked: number; toSponsor: number }> {
    const share = { locked: 0, toSponsor: 0 };
    if (to.kind !== 'user' || !to.code.includes(':main:')) return share;
    const stakes = t.stakes ?? (PAYOUT_TYPES.has(t.type) && t.ref ? [{ ref: t.ref, value: t.amount }] : []);
    for (const { ref, value } of stakes) {
      const row = await tx.get<{ staked: number; sponsored: number; state: 'open' | 'recalled' }>('SELECT staked, sponsored, state FROM sponsored_stakes WHERE user_id = ? AND ref = ? FOR NO KEY UPDATE', to.user_id, ref);
      if (!row || row.sponsored === 0) continue;
      const part = Math.floor((value * row.sponsored) / row.staked);
      share[row.state === 'open' ? 'locked' : 'toSponsor'] += part;
    }
    share.locked = Math.min(share.locked, t.amount);
    share.toSponsor = Math.min(share.toSponsor, t.amount - share.locked);
    if (share.locked > 0) await tx.run('UPDATE accounts SET sponsored = sponsored + ? WHERE id = ?', share.locked, to.id);
    return share;
  }

  /**
   * Gives `amount` cents of a player's held stakes on `ref` back from `from` (the house that
   * took them), newest stake first. The locked parts come back before own coins, so a refund,
   * whole or in part, never frees a coin that was locked; sponsored cents a cancelled credit
   * recalled meanwhile go to the sponsor instead. A stake held before holds existed comes back
   * as own coins, as it was then.
   */
  async function refundHold(tx: Tx, r: { from: AccountRef; userId: number; ref: string; amount: number; type: HistoryType }): Promise<void> {
    let left = r.amount;
    const back = { sponsored: 0, bonus: 0, tip: 0, recalled: 0 };
    const holds = await tx.all<HoldRow>(
      'SELECT entry_id, user_id, type, held, sponsored, bonus, tip, recalled FROM wager_holds WHERE ref = ? AND user_id = ? AND settled_at IS NULL AND held > 0 ORDER BY entry_id DESC FOR NO KEY UPDATE',
      r.ref, r.userId,
    );
    for (const hold of holds) {
      if (left === 0) break;
      const taken = Math.min(left, hold.held);
      left -= taken;
      let rest = taken;
      const take = (part: number) => {
        const n = Math.min(part, rest);
        rest -= n;
        return n;
      };
      const parts = { recalled: take(hold.recalled), sponsored: take(hold.sponsored), bonus: take(hold.bonus), tip: take(hold.tip) };
      await tx.run(
        'UPDATE wager_holds SET held = held - ?, recalled = recalled - ?, sponsored = sponsored - ?, bonus = bonus - ?, tip = tip - ? WHERE entry_id = ?',
        taken, parts.recalled, parts.sponsored, parts.bonus, parts.tip, hold.entry_id,
      );
      for (const key of ['sponsored', 'bonus', 'tip', 'recalled'] as const) back[key] += parts[key];
    }
    // The refunded stake no longer plays: its game pays back on what is left of it. A stake that
    // took sponsored coins gives them back first, so a refund without them has no row to change.
    if (back.sponsored + back.recalled > 0) await tx.run(
      `UPDATE sponsored_stakes SET staked = CASE WHEN staked > ? THEN staked - ? ELSE 0 END,
              sponsored = CASE WHEN sponsored > ? THEN sponsored - ? ELSE 0 END WHERE user_id = ? AND ref = ?`,
      r.amount, r.amount, back.sponsored + back.recalled, back.sponsored + back.recalled, r.userId, r.ref,
    );
    if (back.recalled > 0) await transfer(tx, { from: r.from, to: SPONSOR_HOUSE, amount: back.recalled, type: 'sponsor', ref: r.ref });
    const toPlayer = r.amount - back.recalled;
    if (toPlayer === 0) return;
    await transfer(tx, { from: r.from, to: { user: r.userId }, amount: toPlayer, type: r.type, ref: r.ref });
    if (back.sponsored + back.bonus + back.tip > 0) {
      await tx.run(
        'UPDATE accounts SET sponsored = sponsored + ?, bonus_locked = bonus_locked + ?, wager_lock = wager_lock + ? WHERE code = ?',
        back.sponsored, back.bonus, back.tip, codeOf({ user: r.userId }).code,
      );
    }
  }

  /**
   * A player's coin balance, its sponsored part and what is still to be wagered. Read in a
   * transaction, the row stays locked until it commits: what the caller decides on it (a
   * recall's amount, a withdrawal's check) holds when it writes (docs/decisions/0058).
   */
  async function split(db: Pick<Db, 'get'>, userId: number): Promise<BalanceSplit> {
    const row = await db.get<{ balance: number; sponsored: number; wager_lock: number; bonus_locked: number; bonus_wager_left: number }>(
      `SELECT balance, sponsored, wager_lock, bonus_locked, bonus_wager_left FROM accounts WHERE code = ?${lockedIn(db)}`, codeOf({ user: userId }).code,
    );
    const { balance: held = 0, sponsored = 0, wager_lock: toWager = 0, bonus_locked: bonusLocked = 0, bonus_wager_left: left = 0 } = row ?? {};
    return {
      balance: held, sponsored, toWager, bonusLocked, bonusWagerLeft: bonusLocked > 0 ? left : 0,
      withdrawable: held - sponsored - bonusLocked - toWager, borrow: held > 0 ? sponsored / held : 0,
    };
  }

  /**
   * Pays a Deposit Bonus into a player's wallet, locked until `wager` more cents of counted
   * wagers (docs/decisions/0034). A bonus already wagered through or lost leaves no requirement
   * behind, so a new one starts its own count; one still locked adds to it.
   */
  async function payBonus(tx: Tx, t: Omit<Transfer, 'to'> & { userId: number; wager: number }): Promise<ReturnType<typeof transfer>> {
    if (!Number.isSafeInteger(t.wager) || t.wager < 0) throw new Error(`ledger: bonus wager must be non-negative integer cents, got ${t.wager}`);
    const paid = await transfer(tx, { from: t.from, to: { user: t.userId }, amount: t.amount, type: t.type, ref: t.ref });
    await tx.run(
      `UPDATE accounts SET bonus_wager_left = CASE WHEN bonus_locked = 0 THEN ? ELSE bonus_wager_left + ? END, bonus_locked = bonus_locked + ?
        WHERE code = ?`,
      t.wager, t.wager, t.amount, codeOf({ user: t.userId }).code,
    );
    return paid;
  }

  /** Pays a sponsor's credit into a player's wallet as sponsored coins. */
  async function lend(tx: Tx, userId: number, amount: number, ref?: string): Promise<void> {
    await transfer(tx, { from: SPONSOR_HOUSE, to: { user: userId }, amount, type: 'sponsor', ref });
    await tx.run('UPDATE accounts SET sponsored = sponsored + ? WHERE code = ?', amount, codeOf({ user: userId }).code);
  }

  /**
   * The sponsored coins become the player's own (the challenge completed); answers how many
   * were in the wallet. Sponsored parts of stakes still held become own coins too.
   */
  async function release(tx: Tx, userId: number): Promise<number> {
    const { sponsored } = await split(tx, userId);
    if (sponsored > 0) await tx.run('UPDATE accounts SET sponsored = 0 WHERE code = ?', codeOf({ user: userId }).code);
    await tx.run('UPDATE wager_holds SET sponsored = 0 WHERE user_id = ? AND settled_at IS NULL AND sponsored > 0', userId);
    // What the credit's stakes win from now on, and the items they bought, are own.
    await tx.run("DELETE FROM sponsored_stakes WHERE user_id = ? AND state = 'open'", userId);
    return sponsored;
  }

  /**
   * Gives the sponsored coins still in the wallet back to the sponsor; answers how many. The
   * sponsored parts of stakes still held are recalled too: a refund pays them to the sponsor.
   */
  async function recall(tx: Tx, userId: number, ref?: string): Promise<number> {
    const { sponsored } = await split(tx, userId);
    if (sponsored > 0) await tx.run('UPDATE accounts SET sponsored = 0 WHERE code = ?', codeOf({ user: userId }).code);
    await tx.run('UPDATE wager_holds SET recalled = recalled + sponsored, sponsored = 0 WHERE user_id = ? AND settled_at IS NULL AND sponsored > 0', userId);
    // Games still to pay and items still held pay the credit's share to the sponsor when they do.
    await tx.run("UPDATE sponsored_stakes SET state = 'recalled' WHERE user_id = ? AND state = 'open'", userId);
    if (sponsored > 0) await transfer(tx, { from: { user: userId }, to: SPONSOR_HOUSE, amount: sponsored, type: 'sponsor', ref });
    return sponsored;
  }

  /**
   * The stakes held on `ref` can no longer be refunded (the battle filled): each becomes a
   * counted wager now, frees locked tip coins and bonus wagering like any wager, and runs onWager.
   */
  async function settleHolds(tx: Tx, ref: string): Promise<void> {
    const holds = await tx.all<HoldRow>('SELECT entry_id, user_id, type, held FROM wager_holds WHERE ref = ? AND settled_at IS NULL ORDER BY entry_id FOR NO KEY UPDATE', ref);
    for (const hold of holds) {
      await tx.run('UPDATE wager_holds SET settled_at = ?, counted = held, sponsored = 0, bonus = 0, tip = 0, recalled = 0 WHERE entry_id = ?', now(), hold.entry_id);
      if (hold.held === 0) continue;
      const a = hold.held;
      await tx.run(
        `UPDATE accounts SET bonus_locked = CASE WHEN bonus_wager_left <= ? THEN 0 ELSE bonus_locked END,
                bonus_wager_left = CASE WHEN bonus_locked = 0 THEN bonus_wager_left WHEN bonus_wager_left <= ? THEN 0 ELSE bonus_wager_left - ? END,
                wager_lock = CASE WHEN wager_lock > ? THEN wager_lock - ? ELSE 0 END
          WHERE code = ?`,
        a, a, a, a, a, codeOf({ user: hold.user_id }).code,
      );
      await onWager?.(tx, { userId: hold.user_id, amount: a, type: hold.type, hash: toHash(hold.entry_id) });
    }
  }

  /** A balance in cents (a house's: the sum of its rows); zero for an account that has never moved. */
  async function balance(db: Pick<Db, 'get'>, ref: AccountRef): Promise<number> {
    if (shards === 1 || 'user' in ref) return (await db.get<{ balance: number }>('SELECT balance FROM accounts WHERE code = ?', codeOf(ref).code))?.balance ?? 0;
    const codes = rowsOf(ref);
    // One statement: at READ COMMITTED it reads every row as of one moment.
    return (await db.get<{ balance: number | null }>(`SELECT SUM(balance) AS balance FROM accounts WHERE code IN (${codes.map(() => '?').join(', ')})`, ...codes))?.balance ?? 0;
  }

  /**
   * A player's main wallet and vault in one read (what the wallet shows together): one round
   * trip on PostgreSQL where two `balance` calls make two.
   */
  async function walletAndVault(db: Pick<Db, 'get'>, userId: number): Promise<{ main: number; vault: number }> {
    const row = await db.get<{ main: number | null; vault: number | null }>(
      'SELECT (SELECT balance FROM accounts WHERE code = ?) AS main, (SELECT balance FROM accounts WHERE code = ?) AS vault',
      codeOf({ user: userId }).code, codeOf({ user: userId, purpose: 'vault' }).code,
    );
    return { main: row?.main ?? 0, vault: row?.vault ?? 0 };
  }

  /** A player's entries, newest first, continuing after the entry `before` (its id). */
  function entries(db: Pick<Db, 'all'>, ref: AccountRef, page: { before?: number; count: number; type?: string }) {
    const code = codeOf(ref).code;
    return db.all<{ id: number; amount: number; type: string; ref: string | null; created_at: number; balance: number }>(
      `SELECT l.id, CASE WHEN l.credit_account = a.id THEN l.amount ELSE -l.amount END AS amount, l.type, l.ref, l.created_at,
              CASE WHEN l.credit_account = a.id THEN l.credit_balance ELSE l.debit_balance END AS balance
         FROM accounts a JOIN ledger l ON (l.credit_account = a.id OR l.debit_account = a.id)
        WHERE a.code = ? AND l.id < ? AND (CAST(? AS TEXT) IS NULL OR l.type = ?)
        ORDER BY l.id DESC LIMIT ?`,
      code, page.before ?? Number.MAX_SAFE_INTEGER, page.type ?? null, page.type ?? null, page.count,
    );
  }

  /** A player's entries of some types, newest first, after the entry `before` (its id), with the signed sum of each type. */
  async function entriesOfTypes(db: Pick<Db, 'all'>, ref: AccountRef, types: readonly string[], page: { before?: number; count: number }) {
    const code = codeOf(ref).code;
    const marks = types.map(() => '?').join(', ');
    const signed = 'CASE WHEN l.credit_account = a.id THEN l.amount ELSE -l.amount END';
    const rows = await db.all<{ id: number; amount: number; type: string; ref: string | null; created_at: number }>(
      `SELECT l.id, ${signed} AS amount, l.type, l.ref, l.created_at
         FROM accounts a JOIN ledger l ON (l.credit_account = a.id OR l.debit_account = a.id)
        WHERE a.code = ? AND l.type IN (${marks}) AND l.id < ?
        ORDER BY l.id DESC LIMIT ?`,
      code, ...types, page.before ?? Number.MAX_SAFE_INTEGER, page.count,
    );
    const sums = await db.all<{ type: string; total: number }>(
      `SELECT l.type, SUM(${signed}) AS total
         FROM accounts a JOIN ledger l ON (l.credit_account = a.id OR l.debit_account = a.id)
        WHERE a.code = ? AND l.type IN (${marks}) GROUP BY l.type`,
      code, ...types,
    );
    return { rows, totals: Object.fromEntries(sums.map((r) => [r.type, r.total])) as Record<string, number> };
  }

  /** Recomputes every balance from the entries and checks the money invariants. */
  function check(db: Pick<Db, 'transaction'>): Promise<LedgerCheck> {
    // One transaction, so its reads see one state: with a pool (PostgreSQL) other transactions
    // commit between two statements made outside one, and even inside one at READ COMMITTED:
    // the snapshot makes every statement see the same committed state (docs/decisions/0058).
    return db.transaction((tx) => checkIn(tx), { snapshot: true });
  }

  async function checkIn(db: Pick<Db, 'all' | 'get'>): Promise<LedgerCheck> {
    const problems: string[] = [];
    const mismatched = (await db.all<{ code: string; balance: number; computed: number }>(
      `SELECT a.code, a.balance,
              COALESCE((SELECT SUM(amount) FROM ledger WHERE credit_account = a.id), 0)
            - COALESCE((SELECT SUM(amount) FROM ledger WHERE debit_account = a.id), 0) AS computed
         FROM accounts a`,
    )).filter((r) => r.balance !== r.computed);
    for (const r of mismatched) problems.push(`${r.code}: balance ${r.balance} but entries sum to ${r.computed}`);
    for (const r of await db.all<{ code: string; balance: number }>("SELECT code, balance FROM accounts WHERE kind = 'user' AND balance < 0"))
      problems.push(`${r.code} is negative: ${r.balance}`);
    const held = (await db.get<{ s: number | null }>("SELECT SUM(balance) AS s FROM accounts WHERE kind <> 'world'"))?.s ?? 0;
    const externalNet =
      ((await db.get<{ s: number | null }>("SELECT SUM(l.amount) AS s FROM ledger l JOIN accounts a ON a.id = l.debit_account WHERE a.kind = 'world'"))?.s ?? 0) -
      ((await db.get<{ s: number | null }>("SELECT SUM(l.amount) AS s FROM ledger l JOIN accounts a ON a.id = l.credit_account WHERE a.kind = 'world'"))?.s ?? 0);
    if (held !== externalNet) problems.push(`accounts hold ${held} but deposits minus withdrawals is ${externalNet}`);
    problems.push(...await lockedPartsProblems(db));
    return { ok: problems.length === 0, problems, held, externalNet };
  }

  /**
   * The locked parts of every wallet, in it and in stakes still held, never exceed what their
   * sources put in: sponsored coins what sponsor credits paid less what went back, plus what
   * sponsored stakes won (the payouts' locked parts), bonus coins
   * the Deposit Bonuses paid, tip-locked coins the tips received. A refund that gave back a
   * locked part as own coins, or twice, breaks it even when every balance adds up.
   */
  async function lockedPartsProblems(db: Pick<Db, 'all'>): Promise<string[]> {
    const credited = (type: string) => `COALESCE((SELECT SUM(amount) FROM ledger WHERE credit_account = a.id AND type = '${type}'), 0)`;
    const debited = (type: string) => `COALESCE((SELECT SUM(amount) FROM ledger WHERE debit_account = a.id AND type = '${type}'), 0)`;
    const inHolds = (part: string) => `COALESCE((SELECT SUM(${part}) FROM wager_holds h WHERE h.user_id = a.user_id AND h.settled_at IS NULL), 0)`;
    const rows = await db.all<{ code: string; sponsored: number; sponsor_net: number; bonus: number; bonus_paid: number; tip: number; tips_in: number }>(
      `SELECT code, sponsored, sponsor_net, bonus, bonus_paid, tip, tips_in FROM (
         SELECT a.code, a.sponsored + ${inHolds('sponsored')} AS sponsored,
                ${credited('sponsor')} - ${debited('sponsor')} + COALESCE((SELECT SUM(locked) FROM ledger WHERE credit_account = a.id), 0) AS sponsor_net,
                a.bonus_locked + ${inHolds('bonus')} AS bonus, ${credited('booster_deposit_bonus')} AS bonus_paid,
                a.wager_lock + ${inHolds('tip')} AS tip, ${credited('tip')} AS tips_in
           FROM accounts a WHERE a.kind = 'user' AND a.code LIKE '%:main:%'
             AND (a.sponsored > 0 OR a.bonus_locked > 0 OR a.wager_lock > 0 OR EXISTS (SELECT 1 FROM wager_holds h WHERE h.user_id = a.user_id AND h.settled_at IS NULL))
       ) t WHERE sponsored > sponsor_net OR bonus > bonus_paid OR tip > tips_in`,
    );
    return rows.flatMap((r) => [
      ...(r.sponsored > r.sponsor_net ? [`${r.code}: ${r.sponsored} sponsored but sponsor credits and sponsored winnings net ${r.sponsor_net}`] : []),
      ...(r.bonus > r.bonus_paid ? [`${r.code}: ${r.bonus} bonus-locked but bonuses paid ${r.bonus_paid}`] : []),
      ...(r.tip > r.tips_in ? [`${r.code}: ${r.tip} tip-locked but tips received ${r.tips_in}`] : []),
    ]);
  }

  return { shardSuffix, transfer, refundHold, settleHolds, balance, walletAndVault, split, lend, release, recall, payBonus, entries, entriesOfTypes, check };
}

/** The ledger the server uses. */
export type Ledger = ReturnType<typeof createLedger>;

/**
 * Cents a player wagered (counted wagers only, docs/decisions/0049) since `since` (ms): debits
 * of wager types that were never held, and held stakes that settled since then.
 */
export async function wageredSince(db: Pick<Db, 'get'>, userId: number, since: number): Promise<number> {
  const row = await db.get<{ s: number | null }>(
    `SELECT COALESCE((SELECT SUM(l.amount) FROM ledger l JOIN accounts a ON a.id = l.debit_account
                       WHERE a.code = ? AND l.type IN (${WAGER_LIST}) AND l.created_at >= ?
                         AND NOT EXISTS (SELECT 1 FROM wager_holds h WHERE h.entry_id = l.id)), 0)
          + COALESCE((SELECT SUM(counted) FROM wager_holds WHERE user_id = ? AND settled_at >= ?), 0) AS s`,
    `user:${userId}:main:${COIN}`, since, userId, since,
  );
  return row?.s ?? 0;
}
