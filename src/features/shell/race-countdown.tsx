import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/** Time left as '3d 04h' or '5h 12m' (minutes are as fine as a weekly race needs). */
export function formatRaceLeft(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  return days > 0 ? `${days}d ${String(hours).padStart(2, '0')}h` : `${hours}h ${String(mins).padStart(2, '0')}m`;
}

/** The race's countdown beside Race+ in the header. */
export function RaceCountdown({ endsAt }: { endsAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE / 2);
    return () => clearInterval(timer);
  }, []);
  return <span className="nav-timer">{formatRaceLeft(endsAt - now)}</span>;
}
