import { iconBase, type IconProps } from './icons.tsx';

// Icons only pages use, apart from the shell's (icons.tsx) so that they ride in the pages'
// chunks and not in the first page. Same 24 px grid and current colour.

export function HelpIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
    </svg>
  );
}

export function DocumentIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9Z" />
      <path d="M14 3v6h6M8 13h8M8 17h5" />
    </svg>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

export function ScaleIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0ZM19 7l-3 7a3 3 0 0 0 6 0Z" />
    </svg>
  );
}

export function CookieIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 4 3.5 3 3 0 0 0 5.5 6Z" />
      <path d="M8.5 9.5h.01M15.5 15h.01M9.5 15.5h.01M12 12h.01" />
    </svg>
  );
}

export function StreamIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="2" y="6" width="20" height="14" rx="2" />
      <path d="m17 2-5 4-5-4M10 10.5v5l4.5-2.5Z" />
    </svg>
  );
}

export function TicketIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M3 8a2 2 0 0 0 0 4v0a2 2 0 0 0 0 4v2a1 1 0 0 0 1 1h16a1 1 0 0 0 1-1v-2a2 2 0 0 1 0-4 2 2 0 0 1 0-4V6a1 1 0 0 0-1-1H4a1 1 0 0 0-1 1Z" />
      <path d="M14 5v14" strokeDasharray="2 2" />
    </svg>
  );
}

export function HandshakeIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="m11 17 2 2a1.4 1.4 0 0 0 2-2M14 14l2.5 2.5a1.4 1.4 0 0 0 2-2l-3.9-3.9a2 2 0 0 0-2.8 0l-.9.9a1.4 1.4 0 0 1-2-2l2.8-2.8a4.2 4.2 0 0 1 5.2-.6l.5.3a4 4 0 0 0 2.9.5L21 7M21 3v10M3 3v10l6.5 6.5a1.4 1.4 0 0 0 2-2M3 4h8" />
    </svg>
  );
}

export function RocketIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1ZM12 15l-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2Z" />
      <path d="M9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5" />
    </svg>
  );
}

export function IdCardIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <circle cx="8.5" cy="11" r="2" />
      <path d="M5.5 16a3 3 0 0 1 6 0M14 10h5M14 14h3" />
    </svg>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export function CardIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </svg>
  );
}

export function HashIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18" />
    </svg>
  );
}

export function TableIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 10h18M3 15h18M9 10v10" />
    </svg>
  );
}

export function MaskIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M3 7c3-2 15-2 18 0 0 6-2 10-5 10-2 0-2.5-2-4-2s-2 2-4 2c-3 0-5-4-5-10Z" />
      <path d="M8 10.5h2M14 10.5h2" />
    </svg>
  );
}

export function TerminalIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="m5 7 5 5-5 5M12 18h7" />
    </svg>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}

export function SellIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
      <path d="M7.5 7.5h.01" />
    </svg>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="m3 10 9-7 9 7v10a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1Z" />
    </svg>
  );
}

export function TrophyIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0Z" />
      <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
    </svg>
  );
}

export function ZapIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M13 2 4 14h7l-1 8 9-12h-7Z" />
    </svg>
  );
}

export function LifebuoyIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="m5.6 5.6 3.6 3.6M14.8 14.8l3.6 3.6M14.8 9.2l3.6-3.6M5.6 18.4l3.6-3.6" />
    </svg>
  );
}

export function DiscordIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden focusable={false} fill="currentColor" {...props}>
      <path d="M19.3 5.3A16.6 16.6 0 0 0 15.2 4l-.5 1a15.4 15.4 0 0 0-5.4 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C2 9.2 1.3 13 1.6 16.7A16.7 16.7 0 0 0 6.7 19.3l1.1-1.8a10.8 10.8 0 0 1-1.7-.8l.4-.3a11.9 11.9 0 0 0 11 0l.4.3-1.7.8 1.1 1.8a16.6 16.6 0 0 0 5.1-2.6c.4-4.3-.7-8-2.9-11.4ZM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z" />
    </svg>
  );
}

export function XLogoIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden focusable={false} fill="currentColor" {...props}>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.9 3h6.4l4.4 5.8Zm-1.1 16.2h1.7L7.4 4.7H5.6Z" />
    </svg>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
    </svg>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </svg>
  );
}

export function WalletIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2Z" />
      <circle cx="16" cy="14.5" r="1" fill="currentColor" />
    </svg>
  );
}

export function BackpackIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M5 10a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v10H5Z" />
      <path d="M9 5V3h6v2M9 14h6" />
    </svg>
  );
}

export function UsersIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
    </svg>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6Z" />
      <path d="m9 12 2 2 4-4" />
    </svg>
  );
}

export function VaultIcon(props: IconProps) {
  return (
    <svg {...iconBase(props)}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="12" cy="12" r="3.5" />
      <path d="M12 8.5V7M12 17v-1.5M7 20v1M17 20v1" />
    </svg>
  );
}
