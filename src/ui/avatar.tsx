import './ui.css';

/** Backgrounds of the 20 default avatars (spec: 20 default avatars, picked by the user hash). */
const DEFAULT_AVATAR_COLOURS = [
  '#7c3aed', '#2563eb', '#0891b2', '#059669', '#65a30d', '#ca8a04', '#ea580c', '#dc2626', '#db2777', '#9333ea',
  '#4f46e5', '#0284c7', '#0d9488', '#16a34a', '#a16207', '#c2410c', '#b91c1c', '#be185d', '#6d28d9', '#1d4ed8',
] as const;

/**
 * Which default avatar a player gets. The spec derives it from a keyed hash of the user hash;
 * the key is not shown, so this uses a plain string hash (FNV-1a) until the profile slice.
 */
export function defaultAvatarIndex(userHash: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < userHash.length; i += 1) h = Math.imul(h ^ userHash.charCodeAt(i), 0x01000193);
  return (h >>> 0) % DEFAULT_AVATAR_COLOURS.length;
}

export interface AvatarProps {
  name: string;
  userHash: string;
  src?: string | null;
  size?: number;
}

/** A round player picture, or the player's initial on their default colour. */
export function Avatar({ name, userHash, src, size = 36 }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src) return <img className="avatar" src={src} alt="" width={size} height={size} style={style} />;
  return (
    <span className="avatar" aria-hidden style={{ ...style, background: DEFAULT_AVATAR_COLOURS[defaultAvatarIndex(userHash)] }}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
