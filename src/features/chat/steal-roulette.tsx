/**
 * The split-or-steal roulette (document 2 sections 5 and 9): the published strip of 30 units
 * (unit width 37, gap 8), repeated, rolls a random 3000-4000 px (2000-3000 on a phone) and
 * settles with the first pick under the pointer at timestamp_end. The strip and the index
 * come from the server's draw (src/core/steal-roulette.ts replays them); only the distance
 * is this device's own.
 */
import { useEffect, useState } from 'react';
import type { ChatUser, StealGame } from '../../contract/index.ts';
import { STEAL_ROULETTE, stealRollX } from '../../core/steal-roulette.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { usePrefersReducedMotion } from '../../ui/performance.ts';
import { isUpTo } from '../../ui/breakpoints.ts';

const PITCH = STEAL_ROULETTE.unitWidth + STEAL_ROULETTE.gap;
// Enough laps for the longest roll plus a wide panel on either side of the pointer.
const LAPS = Math.ceil((STEAL_ROULETTE.rollDesktop[1] + 2 * PITCH * STEAL_ROULETTE.units) / (PITCH * STEAL_ROULETTE.units));

function rollDistance(): number {
  const [from, to] = isUpTo('mobile') ? STEAL_ROULETTE.rollMobile : STEAL_ROULETTE.rollDesktop;
  return from + Math.random() * (to - from);
}

export function StealRoulette({ roulette, users }: { roulette: NonNullable<StealGame['roulette']>; users: Record<string, ChatUser> }) {
  const reduced = usePrefersReducedMotion();
  const [target] = useState(() => stealRollX(roulette.index, rollDistance()));
  const remaining = roulette.timestamp_end - Date.now();
  const animate = !reduced && remaining > 50;
  const [x, setX] = useState(animate ? 0 : target);
  const [settled, setSettled] = useState(!animate);
  useEffect(() => {
    if (!animate) return;
    // One frame at 0, then the transition to the target: the browser animates the change.
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setX(target)));
    const done = setTimeout(() => setSettled(true), remaining);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(done);
    };
    // The roll runs once per draw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roulette.timestamp_end]);
  const winner = roulette.units[roulette.index]!;
  return (
    <div className="steal-roulette" role="img" aria-label={settled ? `The roulette stopped on ${users[winner]?.display_name ?? 'a player'}` : 'The roulette is spinning'} data-settled={settled}>
      <div
        className="steal-roulette-strip"
        style={{
          gap: STEAL_ROULETTE.gap,
          transform: `translateX(${-x}px)`,
          transition: animate && x !== 0 ? `transform ${Math.max(0, remaining)}ms cubic-bezier(0.1, 0.7, 0.2, 1)` : 'none',
        }}
      >
        {Array.from({ length: LAPS * STEAL_ROULETTE.units }, (_, i) => {
          const hash = roulette.units[i % STEAL_ROULETTE.units]!;
          return (
            <span key={i} className="steal-roulette-unit" style={{ width: STEAL_ROULETTE.unitWidth }} data-winner={settled && i % STEAL_ROULETTE.units === roulette.index}>
              <Avatar name={users[hash]?.display_name ?? '?'} userHash={hash} src={users[hash]?.info.avatar} size={STEAL_ROULETTE.unitWidth} />
            </span>
          );
        })}
      </div>
      <span className="steal-roulette-pointer" aria-hidden="true" />
    </div>
  );
}
