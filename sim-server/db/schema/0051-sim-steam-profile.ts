import type { Migration } from '../migrations.ts';

/**
 * The simulated Steam profile a sim provider identity carries (persona name, Steam level,
 * public profile and inventory), chosen on the provider's sign-up form; the rain's steam_*
 * requirement keys read it (document 2 section 6; docs/decisions/0016).
 */
export const simSteamProfile: Migration = {
  id: 51,
  name: 'sim steam profile',
  sql: `
    ALTER TABLE sim_provider_accounts ADD COLUMN steam_profile TEXT;
  `,
};
