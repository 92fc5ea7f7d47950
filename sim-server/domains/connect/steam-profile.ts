/**
 * The sim provider's Steam profile: chosen on its sign-up form, stored with the identity
 * (sim_provider_accounts.steam_profile), read by the rain's steam_* keys.
 */
import { STEAM_LEVEL_MAX, type SteamProfile } from '../../../src/core/steam-profile.ts';
import type { Db } from '../../db/database.ts';

/** The profile a sign-up form asks for, or a message naming the bad field. */
export function steamProfileFromForm(form: Record<string, unknown>, name: string): SteamProfile | string {
  const persona = typeof form.steam_name === 'string' && form.steam_name.trim() !== '' ? form.steam_name.trim() : name;
  if (persona.length > 32) return 'Steam name: at most 32 characters';
  const levelText = typeof form.steam_level === 'string' && form.steam_level.trim() !== '' ? form.steam_level.trim() : '0';
  const level = /^\d+$/.test(levelText) ? Number(levelText) : NaN;
  if (!Number.isInteger(level) || level > STEAM_LEVEL_MAX) return `Steam level: a whole number from 0 to ${STEAM_LEVEL_MAX}`;
  // An unchecked box is absent from the form.
  return { persona, level, public: form.steam_public === 'on' || form.steam_public === '1' };
}

/** A player's simulated Steam profile; null when they did not come through the provider. */
export async function steamProfileOf(db: Pick<Db, 'get'>, providerId: string | null): Promise<SteamProfile | null> {
  if (!providerId) return null;
  const row = await db.get<{ steam_profile: string | null }>('SELECT steam_profile FROM sim_provider_accounts WHERE provider_id = ?', providerId);
  return row?.steam_profile ? (JSON.parse(row.steam_profile) as SteamProfile) : null;
}
