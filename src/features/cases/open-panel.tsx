import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CASE_COUNTS } from '../../core/scheme.ts';
import { formatCoins } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { setSetting, useSettings } from '../../storage/settings.ts';
import { buttonClass } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/icons.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { Toggle } from '../../ui/popover.tsx';
import { LoginButton, useLogged } from '../session/index.ts';
import type { CaseBox } from './queries.ts';

/**
 * Buying openings of a case: one of the spec's counts (1, 5, 10, 20, 50, 100) with one debit
 * (arena-unbox.create), then the personal game page spins them. Fast spin and lightning are the
 * player's stored settings, read by the game page.
 */
export function OpenPanel({ box, count, onCount, focus }: { box: CaseBox; count: number; onCount(count: number): void; focus: boolean }) {
  const logged = useLogged();
  const navigate = useNavigate();
  const { fast_spin, lightning } = useSettings();
  const openButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => rpc.call('arena-unbox.create', { box_hash: box.hash, count, stamp: crypto.randomUUID() }),
    onSuccess: (answer) => void navigate({ to: answer.path as '/' }),
  });
  // Case cards the player holds for this case (Battle Pass rewards): one opens it for free.
  const cards = useQuery({ queryKey: ['session', 'inventory', 'case-cards'], queryFn: ({ signal }) => rpc.call('arena-case.cards', {}, { signal }), enabled: logged });
  const held = cards.data?.data.find((entry) => entry.key === box.key)?.count ?? 0;
  const hasCard = held > 0;
  const cardButton = useRef<HTMLButtonElement>(null);
  const openCard = useMutation({
    mutationFn: () => rpc.call('arena-case.create-card', { key: box.key, stamp: crypto.randomUUID() }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['session', 'inventory'] });
      void navigate({ to: answer.path as '/' });
    },
  });

  // ?action=open_card ('Open case' elsewhere): the panel comes into view with its button focused (the card's, when one is held).
  useEffect(() => {
    if (!focus) return;
    panel.current?.scrollIntoView({ block: 'center' });
    (hasCard ? cardButton.current : openButton.current)?.focus({ preventScroll: true });
  }, [focus, hasCard]);

  return (
    <div ref={panel}>
      <Panel title="Open this case" className="open-panel">
        <div className="open-counts" role="radiogroup" aria-label="Openings">
          {CASE_COUNTS.map((value) => (
            <button key={value} type="button" role="radio" aria-checked={value === count} className="chip" aria-label={`${value} ${value === 1 ? 'opening' : 'openings'}`} onClick={() => onCount(value)}>
              ×{value}
            </button>
          ))}
        </div>
        <div className="open-toggles">
          <Toggle label="Fast spin" hint="2-second spins instead of 5" checked={fast_spin} onChange={(value) => setSetting('fast_spin', value)} />
          <Toggle label="Lightning" hint="The next roll spins by itself" checked={lightning} onChange={(value) => setSetting('lightning', value)} />
        </div>
        {box.deprecated ? (
          <p className="form-error">Box {box.hash} deprecated.</p>
        ) : logged ? (
          <>
            {held > 0 && (
              <button ref={cardButton} type="button" className={buttonClass('deposit', 'md', 'open-button')} disabled={openCard.isPending} onClick={() => openCard.mutate()}>
                {openCard.isPending ? 'Opening…' : `Open free with a case card (${held})`}
              </button>
            )}
            <button ref={openButton} type="button" className={buttonClass('primary', 'md', 'open-button')} disabled={create.isPending} onClick={() => create.mutate()}>
              {create.isPending ? 'Opening…' : `Open ${count === 1 ? 'case' : `${count} cases`} for`}
              <span className="open-cost">
                <CoinIcon width={18} height={18} />
                {formatCoins(box.price * count)}
              </span>
            </button>
          </>
        ) : (
          <div className="open-login">
            <p>Sign in to open cases.</p>
            <LoginButton />
          </div>
        )}
      </Panel>
    </div>
  );
}
