/** Weapon outlines for the hero's sample drops, until the catalog's item art arrives. */
export type Silhouette = 'knife' | 'rifle' | 'pistol' | 'sniper';

const PATHS: Record<Silhouette, string> = {
  // A karambit: finger ring, grip, and the hooked blade sweeping up.
  knife: 'M10 48a8 8 0 1 0 16 0a8 8 0 1 0-16 0ZM14 48a4 4 0 1 0 8 0a4 4 0 1 0-8 0ZM22 41l18-12 6 7-18 12ZM40 29C52 19 68 10 86 5c-5 10-18 23-38 32-1-3-4-6-8-8Z',
  rifle: 'M4 30h50l4-4h18v4h12v6H74l-4 4H58l-6 14h-10l4-14h-8l-4 6h-8l2-8H4Z',
  pistol: 'M20 22h52l2 8H60l-2 4H46l-4 18H28l6-18h-6l-4-4h-4Z',
  sniper: 'M2 32h30l4-6h20v-4h14v4h24v5H74l-6 3H52l-6 14h-8l4-12H24l-4 4H8l2-4H2Z',
};

/** One weapon outline drawn with the rarity colour behind it. */
export function ItemSilhouette({ shape }: { shape: Silhouette }) {
  return (
    <svg className="drop-art" viewBox="0 0 96 64" aria-hidden focusable={false}>
      <path d={PATHS[shape]} fillRule="evenodd" />
    </svg>
  );
}
