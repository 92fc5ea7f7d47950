/**
 * Writes the 20 default avatars (document 1 section 9) to public/avatars/default/{0..19}.svg:
 * five masks (the head shapes of the arena's operators) on four colour sets, each a small SVG.
 * Run once after changing the art: `node scripts/generate-avatars.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = join(import.meta.dirname, '..', 'public', 'avatars', 'default');

/** Background pair, face, and accent (eyes, visor) of each colour set. */
const PALETTES = [
  { from: '#7c3aed', to: '#312e81', face: '#f5d0fe', accent: '#22d3ee' },
  { from: '#0891b2', to: '#164e63', face: '#cffafe', accent: '#facc15' },
  { from: '#ea580c', to: '#7c2d12', face: '#ffedd5', accent: '#1e293b' },
  { from: '#16a34a', to: '#14532d', face: '#dcfce7', accent: '#f43f5e' },
] as const;

/** Five heads; each draws on a 64x64 canvas with the face colour f and accent a. */
const HEADS: ((f: string, a: string) => string)[] = [
  // Balaclava with an eye slit.
  (f, a) => `<path d="M16 58c0-20 6-36 16-36s16 16 16 36z" fill="${f}"/><rect x="20" y="32" width="24" height="7" rx="3.5" fill="${a}"/>`,
  // Helmet with a visor.
  (f, a) => `<path d="M14 40a18 18 0 0 1 36 0v6H14z" fill="${f}"/><rect x="18" y="36" width="28" height="8" rx="2" fill="${a}"/><rect x="22" y="46" width="20" height="12" rx="3" fill="${f}"/>`,
  // Gas mask: two lenses and a filter.
  (f, a) => `<circle cx="32" cy="36" r="17" fill="${f}"/><circle cx="25" cy="33" r="4.5" fill="${a}"/><circle cx="39" cy="33" r="4.5" fill="${a}"/><rect x="27" y="42" width="10" height="12" rx="3" fill="${a}" opacity=".75"/>`,
  // Beanie and goggles.
  (f, a) => `<circle cx="32" cy="38" r="15" fill="${f}"/><path d="M16 32a16 14 0 0 1 32 0z" fill="${a}" opacity=".85"/><rect x="18" y="34" width="28" height="7" rx="3.5" fill="#0f172a" opacity=".8"/>`,
  // Cap with a headset.
  (f, a) => `<circle cx="32" cy="38" r="14" fill="${f}"/><path d="M17 33c2-10 28-10 30 0z" fill="#0f172a" opacity=".7"/><path d="M14 38a18 18 0 0 1 36 0" stroke="${a}" stroke-width="3" fill="none"/><rect x="12" y="36" width="5" height="9" rx="2" fill="${a}"/><rect x="47" y="36" width="5" height="9" rx="2" fill="${a}"/>`,
];

mkdirSync(OUT, { recursive: true });
for (let index = 0; index < 20; index += 1) {
  const head = HEADS[index % HEADS.length]!;
  const p = PALETTES[Math.floor(index / HEADS.length)]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><defs><linearGradient id="g" gradientTransform="rotate(45 .5 .5)"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/>${head(p.face, p.accent)}</svg>\n`;
  writeFileSync(join(OUT, `${index}.svg`), svg);
}
console.log(`wrote 20 avatars to ${OUT}`);
