import type { SVGProps } from 'react';

// Inline icons, drawn on a 24 px grid with the current text colour: no icon font, no network,
// so they render offline and in the first paint.

export type IconProps = SVGProps<SVGSVGElement>;

/** The props every icon shares; page-icons.tsx draws with the same ones. */
export const iconBase = (props: IconProps): IconProps => ({
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
  ...props,
});

/** The arena's mark: an orange tile with a cut gem. */
export function LogoMark(props: IconProps) {
  return (
    <svg viewBox="0 0 64 64" width={36} height={36} aria-hidden focusable={false} {...props}>
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff8108" />
          <stop offset="1" stopColor="#f5b526" />
        </linearGradient>
      </defs>
      <rect x="4" y="4" width="56" height="56" rx="14" fill="url(#logo-gradient)" />
      <path d="M32 13 51 32 32 51 13 32Z" fill="#782d00" />
      <path d="M32 18 46 32 32 46 18 32Z" fill="#fff" />
    </svg>
  );
}

export function SteamIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden focusable={false} fill="currentColor" {...props}>
      <path d="M12 2a10 10 0 0 0-9.96 9.2l5.36 2.22a2.83 2.83 0 0 1 1.6-.5h.16l2.39-3.46v-.05a3.77 3.77 0 1 1 3.77 3.77h-.09l-3.4 2.43v.13a2.83 2.83 0 0 1-5.62.46L2.4 14.7A10 10 0 1 0 12 2Zm-4.47 15.18-1.23-.51a2.13 2.13 0 1 0 1.16-2.9l1.27.52a1.57 1.57 0 1 1-1.2 2.9Zm9.22-7.99a2.51 2.51 0 1 0-2.51 2.51 2.52 2.52 0 0 0 2.51-2.51Zm-4.39 0a1.89 1.89 0 1 1 1.88 1.89 1.88 1.88 0 0 1-1.88-1.89Z" />
    </svg>
  );
}

/** The coin shown beside balances. */
export function CoinIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden focusable={false} {...props}>
      <circle cx="12" cy="12" r="10" fill="#f5b526" />
      <circle cx="12" cy="12" r="7" fill="none" stroke="#a86a00" strokeWidth="1.6" />
      <path d="M12 8.2 15.8 12 12 15.8 8.2 12Z" fill="#a86a00" />
    </svg>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <svg {...iconBase({ width: 16, height: 16, ...props })}>
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/** A closed case with a lock. */
export function CaseIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 12h18" />
      <rect x="10" y="10.5" width="4" height="3.5" rx="1" />
    </svg>
  );
}

/** Crossed swords. */
export function BattleIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M14.5 17.5 3 6V3h3l11.5 11.5M13 19l6-6M16 16l4 4M19 21l2-2" />
      <path d="M9.5 17.5 21 6V3h-3L6.5 14.5M11 19l-6-6M8 16l-4 4M5 21l-2-2" />
    </svg>
  );
}

export function ChickenIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M8 20h8M12 17v3" />
      <path d="M6 11a6 6 0 0 1 6-6c1 0 1.5-2 3-2s2 1.5 1.5 2.5A6 6 0 0 1 18 11c0 3.3-2.7 6-6 6s-6-2.7-6-6Z" />
      <path d="M18 9.5 21 10l-3 1.5" />
      <circle cx="14.5" cy="9" r=".8" fill="currentColor" />
    </svg>
  );
}

export function DiceIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3.5" />
      <circle cx="8.5" cy="8.5" r="1.2" fill="currentColor" />
      <circle cx="15.5" cy="15.5" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="15.5" cy="8.5" r="1.2" fill="currentColor" />
      <circle cx="8.5" cy="15.5" r="1.2" fill="currentColor" />
    </svg>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 3 8 4s0 4 4 4Zm0 0s1.5-5 4-4 0 4-4 4Z" />
    </svg>
  );
}

export function FlameIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={14} height={14} aria-hidden focusable={false} fill="currentColor" {...props}>
      <path d="M12 2s5 4.5 5 10a5 5 0 0 1-10 0c0-2.2 1-3.8 2-5 .2 1.5 1 2.6 2 3 0-3.3 1-6 1-8Z" />
    </svg>
  );
}

export function WifiOffIcon(props: IconProps) {
  return (
    <svg {...iconBase({ width: 16, height: 16, ...props })}>
      <path d="m2 2 20 20M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.6-1.9M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5M12 20h.01" />
    </svg>
  );
}

export function GearIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </svg>
  );
}

export function RadioIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M4.9 19.1a10 10 0 0 1 0-14.2M19.1 4.9a10 10 0 0 1 0 14.2M7.8 16.2a6 6 0 0 1 0-8.4M16.2 7.8a6 6 0 0 1 0 8.4" />
      <circle cx="12" cy="12" r="2" />
    </svg>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z" />
    </svg>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function StarIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9Z" />
    </svg>
  );
}

export function FlagIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </svg>
  );
}

export function DotsIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx="5" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="19" cy="12" r="1.2" fill="currentColor" />
    </svg>
  );
}
