import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import type { BattleDetail, Player } from './queries.ts';

type RobChoice = { decision: 'split' | 'rob'; salt: string };

/** The choice and its salt, kept for this tab until the reveal (a reload must still be able to reveal). */
const storageKey = (token: string) => `rob-choice:${token}`;

function savedChoice(token: string): RobChoice | null {
  try {
    const raw = sessionStorage.getItem(storageKey(token));
    const parsed = raw ? (JSON.parse(raw) as Partial<RobChoice>) : null;
    return parsed && (parsed.decision === 'split' || parsed.decision === 'rob') && typeof parsed.salt === 'string' ? { decision: parsed.decision, salt: parsed.salt } : null;
  } catch {
    return null;
  }
}

function randomSalt(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256(decision + "-" + salt) in hex (docs/design.md section 6); one hash, so WebCrypto on the page is fine. */
async function commitmentOf({ decision, salt }: RobChoice): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${decision}-${salt}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Rob mode's decision (document 1 section 4, docs/design.md section 7): the two leading seats choose
 * split or rob in secret. The choice is committed as a hash first and revealed (automatically,
 * from this tab) once both commits are in; the others watch the two seats' progress.
 */
export function RobPanel({ detail, users, myHash }: { detail: BattleDetail; users: readonly Player[]; myHash: string | null }) {
  const rob = detail.modes.rob;
  const token = detail.game.token;
  const mine = rob?.seats.find((seat) => !seat.bot && seat.user_hash === myHash) ?? null;
  const revealing = useRef(false);
  const commit = useMutation({
    mutationFn: async (decision: RobChoice['decision']) => {
      const choice: RobChoice = { decision, salt: randomSalt() };
      sessionStorage.setItem(storageKey(token), JSON.stringify(choice));
      return rpc.call('arena-mode-rob.commit', { token, decision_hashed: await commitmentOf(choice) });
    },
  });
  const reveal = useMutation({
    mutationFn: (choice: RobChoice) => rpc.call('arena-mode-rob.reveal', { token, decision: choice.decision, decision_salt: choice.salt }),
  });

  // Reveal as soon as the reveal window opens: the player already chose.
  useEffect(() => {
    if (rob?.status !== 'reveal' || !mine?.decision_hashed || mine.decision !== null || revealing.current) return;
    const choice = savedChoice(token);
    if (!choice) return;
    revealing.current = true;
    reveal.mutate(choice);
  }, [rob?.status, mine?.decision_hashed, mine?.decision, token, reveal]);

  const deadline = rob ? (rob.status === 'commit' ? rob.commit_deadline : rob.reveal_deadline) : null;
  const secondsLeft = useSecondsLeft(rob?.status === 'finished' ? null : deadline);
  if (!rob) return null;
  const nameOf = (hash: string) => users.find((user) => user.hash === hash)?.display_name ?? hash;
  const stateOf = (seat: (typeof rob.seats)[number]) =>
    seat.decision ? (seat.decision === 'rob' ? 'Rob' : 'Split') : seat.decision_hashed ? 'Committed' : seat.bot ? 'Split (bot)' : 'Choosing…';

  return (
    <Panel title="Split or rob" className="rob-panel">
      <p className="muted">
        The two leaders choose in secret. Split and split halves the pot, one rob takes it all, rob and rob loses it to the house.{' '}
        <PathLink to="/provably-fair/battles/rob" className="rob-link">
          How the choice is kept fair
        </PathLink>
      </p>
      <ul className="rob-seats" aria-label="Rob decisions">
        {rob.seats.map((seat) => (
          <li key={seat.seat}>
            <span>
              Seat {seat.seat}: {nameOf(seat.user_hash)}
            </span>
            <strong>{stateOf(seat)}</strong>
          </li>
        ))}
      </ul>
      {secondsLeft !== null && (
        <p className="rob-timer" aria-live="polite">
          {rob.status === 'commit' ? 'Choices close in' : 'Reveals close in'} {secondsLeft} s
        </p>
      )}
      {mine && rob.status === 'commit' && mine.decision_hashed === null && (
        <div className="rob-actions">
          <Button variant="primary" disabled={commit.isPending} onClick={() => commit.mutate('split')}>
            Split
          </Button>
          <Button variant="danger" disabled={commit.isPending} onClick={() => commit.mutate('rob')}>
            Rob
          </Button>
        </div>
      )}
      {mine?.decision_hashed && mine.decision === null && <p className="muted">Your choice is committed; it is revealed from this tab once both are in.</p>}
    </Panel>
  );
}
