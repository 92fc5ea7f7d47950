/**
 * Schema migrations, run in order on start. Each is applied once inside a transaction and
 * recorded in schema_migrations; never edit one that has shipped, add the next.
 */
import type { Db, Tx } from './database.ts';
import { accountsLedger } from './schema/0001-accounts-ledger.ts';
import { vault } from './schema/0002-vault.ts';
import { casesUnboxInventory } from './schema/0003-cases-unbox-inventory.ts';
import { battles } from './schema/0004-battles.ts';
import { paymentsGiftsSecurity } from './schema/0005-payments-gifts-security.ts';
import { sponsorCredit } from './schema/0006-sponsor-credit.ts';
import { chickenDice } from './schema/0008-chicken-dice.ts';
import { hardening } from './schema/0007-hardening.ts';
import { chat } from './schema/0010-chat.ts';
import { progression } from './schema/0009-progression.ts';
import { caseTables } from './schema/0011-case-tables.ts';
import { radioStreams } from './schema/0012-radio-streams.ts';
import { partnerEarnings } from './schema/0013-partner-earnings.ts';
import { partnerRaces } from './schema/0014-partner-races.ts';
import { partnerStats } from './schema/0015-partner-stats.ts';
import { badgesMarkers } from './schema/0016-badges-markers.ts';
import { chatOrigins } from './schema/0017-chat-origins.ts';
import { battlepassCards } from './schema/0020-battlepass-cards.ts';
import { boosters } from './schema/0025-boosters.ts';
import { customization } from './schema/0026-customization.ts';
import { streamParties } from './schema/0030-stream-parties.ts';
import { partnerDeals } from './schema/0035-partner-deals.ts';
import { partyCardPrizes } from './schema/0048-party-card-prizes.ts';
import { stealWinners } from './schema/0050-steal-winners.ts';
import { simSteamProfile } from './schema/0051-sim-steam-profile.ts';
import { communityKeys } from './schema/0058-community-keys.ts';
import { experienceByPlayer } from './schema/0059-experience-by-player.ts';
import { tipWagerLock } from './schema/0056-tip-wager-lock.ts';
import { bonusWagering } from './schema/0060-bonus-wagering.ts';
import { profilePattern } from './schema/0061-profile-pattern.ts';
import { partnerReferralCount } from './schema/0063-partner-referral-count.ts';
import { partyDepositGoals } from './schema/0065-party-deposit-goals.ts';
import { raceTodayOnPlayer } from './schema/0066-race-today-on-player.ts';
import { abuseLimitsByAddress } from './schema/0067-abuse-limits-by-address.ts';
import { wagerHolds } from './schema/0070-wager-holds.ts';
import { worldSettings } from './schema/0075-world-settings.ts';
import { stealAnonymous } from './schema/0080-steal-anonymous.ts';
import { partnerEarningsDeposits } from './schema/0081-partner-earnings-deposits.ts';
import { supportChat } from './schema/0085-support-chat.ts';
import { sponsoredStakes } from './schema/0090-sponsored-stakes.ts';
import { namedLocks } from './schema/0095-named-locks.ts';

interface MigrationTarget extends Pick<Db, 'run' | 'get' | 'all' | 'transaction'> {
  exec(sql: string): Promise<void>;
  /** PostgreSQL runs a migration's `postgres` variant when it has one. */
  engine?: 'sqlite' | 'postgres';
}

/** One schema change. */
export interface Migration {
  /** Unique and increasing; the order they apply in. */
  id: number;
  name: string;
  sql: string;
  /**
   * The same change for PostgreSQL, only where `sql` cannot be translated mechanically
   * (postgres.ts translate()); it must leave the same schema.
   */
  postgres?: string;
}

// Each area keeps its schema in its own file under schema/; add new ones at the end.
const MIGRATIONS: readonly Migration[] = [accountsLedger, vault, casesUnboxInventory, battles, paymentsGiftsSecurity, sponsorCredit, hardening, chickenDice, progression, chat, caseTables, radioStreams, partnerEarnings, partnerRaces, partnerStats, badgesMarkers, chatOrigins, battlepassCards, boosters, customization, streamParties, partnerDeals, partyCardPrizes, stealWinners, simSteamProfile, tipWagerLock, communityKeys, experienceByPlayer, bonusWagering, profilePattern, partnerReferralCount, partyDepositGoals, raceTodayOnPlayer, abuseLimitsByAddress, wagerHolds, worldSettings, stealAnonymous, partnerEarningsDeposits, supportChat, sponsoredStakes, namedLocks];

/** Brings the schema up to date. */
export async function migrate(db: MigrationTarget): Promise<void> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied = new Set((await db.all<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id));
  const ids = MIGRATIONS.map((m) => m.id);
  if (new Set(ids).size !== ids.length || ids.some((id, i) => i > 0 && id <= ids[i - 1]!)) throw new Error('migration ids must be unique and increasing');
  for (const m of MIGRATIONS) {
    if (applied.has(m.id)) continue;
    await db.transaction(async (tx: Tx) => {
      for (const statement of splitStatements(db.engine === 'postgres' ? (m.postgres ?? m.sql) : m.sql)) await tx.run(statement);
      await tx.run('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)', m.id, m.name, Date.now());
    });
  }
}

function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
