/**
 * The words the catalog is generated from. Weapon names are the game's; every skin, sticker,
 * music kit and case name is invented here, so no real skin name or artwork is copied.
 */
import type { z } from '../../src/contract/index.ts';
import type { ItemCategory } from '../../src/contract/index.ts';

/** An item category of the spec. */
export type Category = z.output<typeof ItemCategory>;

/** Weapons (or item kinds) of each category; `wear: false` marks kinds that have no wear. */
export const WEAPONS: Readonly<Record<Category, readonly { name: string; wear?: false }[]>> = {
  knife: [
    'Karambit', 'Butterfly Knife', 'M9 Bayonet', 'Bayonet', 'Flip Knife', 'Gut Knife', 'Huntsman Knife', 'Falchion Knife',
    'Bowie Knife', 'Shadow Daggers', 'Navaja Knife', 'Stiletto Knife', 'Talon Knife', 'Ursus Knife', 'Skeleton Knife', 'Kukri Knife',
  ].map((name) => ({ name })),
  gloves: ['Sport Gloves', 'Driver Gloves', 'Hand Wraps', 'Moto Gloves', 'Specialist Gloves', 'Hydra Gloves', 'Broken Fang Gloves'].map((name) => ({ name })),
  pistol: ['Glock-18', 'USP-S', 'P2000', 'P250', 'Five-SeveN', 'Tec-9', 'CZ75-Auto', 'Desert Eagle', 'Dual Berettas', 'R8 Revolver'].map((name) => ({ name })),
  smg: ['MAC-10', 'MP9', 'MP7', 'MP5-SD', 'UMP-45', 'P90', 'PP-Bizon'].map((name) => ({ name })),
  rifle: ['AK-47', 'M4A4', 'M4A1-S', 'Galil AR', 'FAMAS', 'SG 553', 'AUG'].map((name) => ({ name })),
  sniper_rifle: ['AWP', 'SSG 08', 'SCAR-20', 'G3SG1'].map((name) => ({ name })),
  shotgun: ['Nova', 'XM1014', 'Sawed-Off', 'MAG-7'].map((name) => ({ name })),
  machinegun: ['M249', 'Negev'].map((name) => ({ name })),
  other: [{ name: 'Zeus x27' }, { name: 'Sticker', wear: false }, { name: 'Music Kit', wear: false }],
};

/** First words of skin names. */
export const SKIN_ADJECTIVES = [
  'Neon', 'Tidal', 'Molten', 'Frozen', 'Crimson', 'Hollow', 'Silent', 'Electric', 'Velvet', 'Rusty', 'Golden', 'Midnight',
  'Solar', 'Toxic', 'Paper', 'Glass', 'Iron', 'Jade', 'Amber', 'Cobalt', 'Feral', 'Lucky', 'Phantom', 'Savage',
  'Static', 'Ancient', 'Broken', 'Cosmic', 'Desert', 'Emerald', 'Fractal', 'Grim', 'Hazard', 'Ivory', 'Jagged', 'Kinetic',
  'Lunar', 'Mirage', 'Nomad', 'Obsidian', 'Polar', 'Quiet', 'Radiant', 'Scarlet', 'Tangled', 'Umbral', 'Vivid', 'Wild',
] as const;

/** Second words of skin names. */
export const SKIN_NOUNS = [
  'Harbor', 'Ember', 'Circuit', 'Serpent', 'Lotus', 'Horizon', 'Viper', 'Mosaic', 'Tempest', 'Drift', 'Signal', 'Orchid',
  'Comet', 'Glacier', 'Raven', 'Canyon', 'Cipher', 'Falcon', 'Bloom', 'Reactor', 'Monsoon', 'Totem', 'Lantern', 'Pulse',
  'Quarry', 'Ripple', 'Spire', 'Thicket', 'Voltage', 'Wisp', 'Bastion', 'Cascade', 'Dune', 'Echo', 'Fang', 'Gale',
  'Hex', 'Inferno', 'Jackal', 'Kraken', 'Mirage', 'Nebula', 'Oracle', 'Prism', 'Rampart', 'Sable', 'Talon', 'Vortex',
] as const;

/**
 * Case names, cheapest first. The last two are retired cases: the catalog keeps them as
 * deprecated so old games still show them, and they cannot be opened.
 */
export const CASE_NAMES = [
  'Pocket Change', 'Rookie Run', 'Penny Drop', 'Street Sweep', 'Budget Blitz', 'Dust Devil', 'Copper Coil', 'Night Shift',
  'Low Tide', 'Tin Soldier', 'Alley Cat', 'Quick Draw', 'Sidearm Stash', 'Rust Belt', 'Flash Point', 'Green Light',
  'Backline', 'Crossfire', 'Sandstorm', 'Blue Steel', 'Cold Open', 'Overtime', 'Hot Streak', 'Ghost Town',
  'Neon Nights', 'Full Auto', 'Storm Front', 'Iron Curtain', 'Red Alert', 'Wild Card', 'Deep Water', 'Headhunter',
  'Silver Lining', 'High Roller', 'Night Owl', 'Dragon Scale', 'Blade Runner', 'Velvet Rope', 'Thunderdome', 'Gold Rush',
  'Sharp Edge', 'Royal Flush', 'Eclipse', 'Apex', 'Crown Jewel', 'Diamond Hands', 'Jackpot', 'Legend',
] as const;

/** Retired case names (deprecated boxes). */
export const RETIRED_CASE_NAMES = ['Old Guard', 'First Edition'] as const;
