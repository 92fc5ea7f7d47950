/**
 * Generated art for items and cases: small SVGs drawn from the category (silhouette), the
 * rarity (colour) and the key (a seeded pattern), so no image is copied from anywhere.
 * Served at /api/art/{kind}/{key}.svg; the URL carries ART_VERSION, so the files are cached
 * for a year and a new drawing only needs the version bumped.
 */
import type { Category } from '../../world/catalog-names.ts';
import { ITEM_RARITY_STYLE, seedFromText, seededRandom, toItemRarity } from '../../../src/core/index.ts';

/** Bump when the drawings change: every art URL changes with it. */
export const ART_VERSION = 1;

/** The kinds of art the server draws. */
export const ART_KINDS = ['item', 'case', 'case-background', 'case-logo', 'spin-border'] as const;
/** One kind of art. */
export type ArtKind = (typeof ART_KINDS)[number];

/** The URL of a piece of art. */
export function artUrl(kind: ArtKind, key: string): string {
  return `/api/art/${kind}/${key}.svg?v=${ART_VERSION}`;
}

// Silhouettes in a 256x192 box, one or more paths each.
const SILHOUETTES: Record<Category, string[]> = {
  knife: ['M40 120 L176 64 Q212 52 228 60 Q204 84 176 92 L60 136 Z', 'M22 128 L62 112 L72 136 L34 152 Q20 146 22 128 Z'],
  gloves: ['M78 150 L78 84 Q78 70 90 70 L90 40 Q90 30 100 30 Q110 30 110 40 L110 66 L114 30 Q116 20 126 22 Q136 24 134 34 L132 66 L140 36 Q144 26 154 30 Q162 34 158 44 L150 76 L168 60 Q178 54 184 62 Q188 70 180 78 L150 118 L150 150 Z', 'M74 150 L156 150 L156 168 L74 168 Z'],
  pistol: ['M48 70 L200 70 L200 96 L112 96 L104 104 L96 96 L48 96 Z', 'M60 96 L100 96 L92 150 L56 150 Z', 'M100 96 L128 96 Q130 118 108 118 L104 104 Z'],
  smg: ['M36 78 L196 78 L196 102 L36 102 Z', 'M196 84 L232 84 L232 94 L196 94 Z', 'M84 102 L104 102 L100 160 L82 160 Z', 'M130 102 L150 102 L146 132 L128 132 Z', 'M14 82 L36 82 L36 112 L14 120 Z'],
  rifle: ['M50 76 L204 76 L204 100 L50 100 Z', 'M204 82 L246 82 L246 90 L204 90 Z', 'M112 100 L134 100 Q140 130 126 158 L108 150 Q118 126 112 100 Z', 'M150 100 L166 100 L162 128 L148 128 Z', 'M8 80 L50 78 L50 104 L14 116 Z'],
  sniper_rifle: ['M40 86 L196 86 L196 104 L40 104 Z', 'M196 90 L252 90 L252 96 L196 96 Z', 'M96 62 L160 62 L160 78 L96 78 Z', 'M120 78 L132 78 L132 86 L120 86 Z', 'M4 90 L40 86 L40 110 L10 122 Z', 'M112 104 L128 104 L124 136 L110 136 Z'],
  shotgun: ['M56 82 L240 82 L240 96 L56 96 Z', 'M150 96 L200 96 L200 106 L150 106 Z', 'M10 86 L56 82 L56 104 L18 122 Z', 'M96 96 L112 96 L108 126 L94 126 Z'],
  machinegun: ['M40 74 L200 74 L200 104 L40 104 Z', 'M200 82 L250 82 L250 92 L200 92 Z', 'M96 104 L150 104 L150 146 L96 146 Z', 'M220 92 L226 92 L238 150 L232 150 Z', 'M8 78 L40 76 L40 108 L12 118 Z'],
  other: ['M128 28 L148 76 L200 80 L160 114 L172 164 L128 138 L84 164 L96 114 L56 80 L108 76 Z'],
};

const CASE_EMBLEM_SCALE = 0.42;

function hex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((c) => Math.round(c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

function rarityRgb(rarity: string): readonly number[] {
  return ITEM_RARITY_STYLE[toItemRarity(rarity)].rgb;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>`;
}

function paths(type: Category, attrs: string): string {
  return SILHOUETTES[type].map((d) => `<path d="${d}" ${attrs}/>`).join('');
}

/** An item: glow of its rarity, its category's silhouette filled with a seeded skin pattern. */
export function itemSvg(item: { key: string; type: Category; rarity: string }): string {
  const random = seededRandom(seedFromText(item.key));
  const color = hex(rarityRgb(item.rarity));
  const hue = Math.floor(random() * 360);
  const second = `hsl(${hue}, 70%, 55%)`;
  const third = `hsl(${(hue + 150) % 360}, 60%, 35%)`;
  const angle = Math.floor(random() * 180);
  const stripe = 6 + Math.floor(random() * 14);
  return svg(256, 192, [
    '<defs>',
    `<radialGradient id="g" cx="50%" cy="60%" r="60%"><stop offset="0" stop-color="${color}" stop-opacity="0.55"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="s" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${second}"/><stop offset="1" stop-color="${third}"/></linearGradient>`,
    `<pattern id="p" width="${stripe * 2}" height="${stripe * 2}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="${stripe * 2}" height="${stripe * 2}" fill="url(#s)"/><rect width="${stripe}" height="${stripe * 2}" fill="${color}" opacity="0.35"/></pattern>`,
    '</defs>',
    '<rect width="256" height="192" fill="url(#g)"/>',
    paths(item.type, 'fill="url(#p)" stroke="#0d0f14" stroke-width="3" stroke-linejoin="round"'),
  ].join(''));
}

/** A case: a crate in the case's own colour with the emblem of its dearest item. */
export function caseSvg(box: { key: string; emblem: Category; rarity: string }): string {
  const hue = seedFromText(box.key) % 360;
  const color = hex(rarityRgb(box.rarity));
  const emblem = `<g transform="translate(${(128 - 128 * CASE_EMBLEM_SCALE).toFixed(2)} ${(116 - 96 * CASE_EMBLEM_SCALE).toFixed(2)}) scale(${CASE_EMBLEM_SCALE})">${paths(box.emblem, `fill="${color}" stroke="#0d0f14" stroke-width="6"`)}</g>`;
  return svg(256, 192, [
    `<defs><linearGradient id="c" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue}, 65%, 50%)"/><stop offset="1" stop-color="hsl(${hue}, 70%, 24%)"/></linearGradient></defs>`,
    `<path d="M40 64 L128 36 L216 64 L128 92 Z" fill="hsl(${hue}, 60%, 62%)"/>`,
    '<rect x="40" y="64" width="176" height="104" rx="10" fill="url(#c)" stroke="#0d0f14" stroke-width="4"/>',
    `<rect x="40" y="64" width="176" height="14" fill="${color}" opacity="0.8"/>`,
    emblem,
  ].join(''));
}

/** A case page's wide background: the case's colour fading to the page. */
export function caseBackgroundSvg(box: { key: string }): string {
  const hue = seedFromText(box.key) % 360;
  return svg(1920, 480, [
    `<defs><radialGradient id="b" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="hsl(${hue}, 60%, 32%)"/><stop offset="1" stop-color="#0d0f14"/></radialGradient></defs>`,
    '<rect width="1920" height="480" fill="url(#b)"/>',
  ].join(''));
}

/** A round badge with the case's initials. */
export function caseLogoSvg(box: { key: string; name: string }): string {
  const hue = seedFromText(box.key) % 360;
  const initials = escapeXml(box.name.split(/\s+/).filter((word) => word !== 'Case').map((word) => word[0] ?? '').join('').slice(0, 3).toUpperCase());
  return svg(96, 96, [
    `<circle cx="48" cy="48" r="44" fill="hsl(${hue}, 60%, 40%)" stroke="hsl(${hue}, 70%, 70%)" stroke-width="4"/>`,
    `<text x="48" y="58" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="30" fill="#fff">${initials}</text>`,
  ].join(''));
}

/** The frame around the roulette's winning slot. */
export function spinBorderSvg(box: { key: string }): string {
  const hue = seedFromText(box.key) % 360;
  return svg(178, 178, `<rect x="3" y="3" width="172" height="172" rx="12" fill="none" stroke="hsl(${hue}, 80%, 60%)" stroke-width="6"/>`);
}
