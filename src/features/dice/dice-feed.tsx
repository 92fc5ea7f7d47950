import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Rooms } from '../../contract/index.ts';
import { formatHundredths } from '../../core/dice-rules.ts';
import { formatMultiplier } from '../../core/chicken-rules.ts';
import { formatCoins } from '../../core/money.ts';
import { socket } from '../../net/index.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { diceKeys, diceRecentQueryOptions, type DiceRoll } from './queries.ts';

type FeedEntry = { roll: DiceRoll; user: { hash: string; display_name: string } };

const FEED_SIZE = 12;

/** A roll in one line: the number, the side and target, and what it paid. */
export function diceSummary(roll: DiceRoll): string {
  return `${formatHundredths(roll.roll)} ${roll.side === 'under' ? '<' : '≥'} ${formatHundredths(roll.target)}`;
}

function RollRow({ roll, user }: { roll: DiceRoll; user?: FeedEntry['user'] }) {
  return (
    <li className={`games-feed-row games-${roll.win ? 'win' : 'loss'}`}>
      {user ? <Avatar name={user.display_name} userHash={user.hash} size={28} /> : <span className="mono">{formatMultiplier(roll.multiplier)}x</span>}
      {user ? <span className="games-feed-name">{user.display_name}</span> : <PathLink to={`/dice/${roll.hash}`} className="mono">{roll.hash}</PathLink>}
      <span className="mono">{diceSummary(roll)}</span>
      <span className="mono">{formatCoins(roll.bet)}</span>
      <PathLink to={`/dice/${roll.hash}`} className="games-feed-result mono">
        {roll.win ? `+${formatCoins(roll.payout)}` : `-${formatCoins(roll.bet)}`}
      </PathLink>
    </li>
  );
}

/** Everyone's rolls as they happen (the DICE room), newest first. */
export function DiceFeed() {
  const queryClient = useQueryClient();
  const recent = useQuery(diceRecentQueryOptions());
  useEffect(() => {
    const leave = socket.subscribe(Rooms.dice);
    const off = socket.on('DICE_ROLL', (entry) => {
      queryClient.setQueryData(diceKeys.recent, (data: { rolls: FeedEntry[] } | undefined) =>
        data && !data.rolls.some((known) => known.roll.hash === entry.roll.hash) ? { rolls: [entry, ...data.rolls].slice(0, 20) } : data,
      );
    });
    return () => {
      off();
      leave();
    };
  }, [queryClient]);
  const rolls = recent.data?.rolls.slice(0, FEED_SIZE) ?? [];
  return (
    <Panel title="Live rolls">
      {rolls.length === 0 ? (
        <p className="games-empty">{recent.isPending ? 'Loading…' : 'No rolls yet.'}</p>
      ) : (
        <ul className="games-feed" data-testid="dice-feed">
          {rolls.map(({ roll, user }) => (
            <RollRow key={roll.hash} roll={roll} user={user} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The player's latest rolls. */
export function DiceHistory({ rolls }: { rolls: readonly DiceRoll[] }) {
  return (
    <Panel title="Your rolls">
      {rolls.length === 0 ? (
        <p className="games-empty">Your rolls show here.</p>
      ) : (
        <ul className="games-feed" data-testid="dice-history">
          {rolls.slice(0, FEED_SIZE).map((roll) => (
            <RollRow key={roll.hash} roll={roll} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
