import { defaultAvatarUrl } from '../core/default-avatar.ts';
import './ui.css';

export interface AvatarProps {
  /** The player's name; the picture is decorative, so it is not read out. */
  name: string;
  userHash: string;
  src?: string | null;
  size?: number;
}

/** A round player picture: their own, else their default avatar (one of 20, by a keyed hash of the user hash). */
export function Avatar({ userHash, src, size = 36 }: AvatarProps) {
  return (
    <img
      className="avatar"
      src={src || defaultAvatarUrl(userHash)}
      alt=""
      width={size}
      height={size}
      style={{ width: size, height: size }}
      data-avatar={src ? 'own' : 'default'}
      decoding="async"
    />
  );
}
