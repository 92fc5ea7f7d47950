/**
 * The simulated Steam profile of a 'Login via steam' identity and the rain's steam_*
 * requirement keys (document 2 section 6: steam_put_name, steam_min_level,
 * steam_public_profile). The real provider would be asked; the sim's form chooses it.
 */

/** What the steam_* keys read. */
export interface SteamProfile {
  /** The Steam persona name. */
  persona: string;
  /** Steam level, 0 to 5000. */
  level: number;
  /** Profile and inventory public. */
  public: boolean;
}

/** The name steam_put_name asks players to carry in their Steam name. */
export const SITE_NAME_IN_STEAM = 'SkinFans';
export const STEAM_LEVEL_MAX = 5000;

/** Why a profile fails the keys, or null when it passes; no profile fails any steam_* key. */
export function steamRequirementError(
  profile: SteamProfile | null,
  conditions: { steam_put_name?: boolean; steam_min_level?: number; steam_public_profile?: boolean },
): string | null {
  const asks = conditions.steam_put_name || conditions.steam_min_level !== undefined || conditions.steam_public_profile;
  if (!asks) return null;
  if (!profile) return 'Sign in via Steam to join: this rain asks for a Steam profile';
  if (conditions.steam_put_name && !profile.persona.toLowerCase().includes(SITE_NAME_IN_STEAM.toLowerCase())) return `Put ${SITE_NAME_IN_STEAM} in your Steam name`;
  if (conditions.steam_min_level !== undefined && profile.level < conditions.steam_min_level) return `Steam level ${conditions.steam_min_level}+`;
  if (conditions.steam_public_profile && !profile.public) return 'Make your Steam profile and inventory public';
  return null;
}
