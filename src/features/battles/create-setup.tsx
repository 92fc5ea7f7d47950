/** The setup side of /battle/create: seats and mode, options, and the seat's price. */
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatCoins } from '../../core/money.ts';
import { BATTLE_SEATS, formatScheme } from '../../core/scheme.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/icons.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { FLAG_OPTIONS, OPTION_TEXT, type FlagOption } from './battle-text.ts';
import { sessionModal, useLogged } from '../session/index.ts';
import { draftStore, EMPTY_DRAFT, updateDraft, type Draft, type Entry } from './create-draft.ts';

/** Solo seats 2 to 5, or two teams of two. */
export function SeatsPicker({ mode, seats }: Pick<Draft, 'mode' | 'seats'>) {
  const setSeats = (value: number) => updateDraft({ seats: value });
  const setMode = (value: Draft['mode']) => updateDraft({ mode: value });
  return (
    <Panel title="Seats">
      <div className="segmented seat-picker" role="radiogroup" aria-label="Seats">
        {Array.from({ length: BATTLE_SEATS.max - BATTLE_SEATS.min + 1 }, (_, i) => BATTLE_SEATS.min + i).map((count) => (
          <button
            key={count}
            type="button"
            role="radio"
            aria-checked={mode === 'solo' && seats === count}
            onClick={() => {
              setMode('solo');
              setSeats(count);
            }}
          >
            {count}
          </button>
        ))}
        <button type="button" role="radio" aria-checked={mode === 'team'} onClick={() => setMode('team')}>
          2 vs 2
        </button>
      </div>
      <p className="muted">{mode === 'team' ? 'Two teams of two: the team with the higher total takes the pot, split between its players.' : `${seats} players, each for themselves.`}</p>
    </Panel>
  );
}

/** The battle's options, the king rounds and whether it is listed. */
export function BattleOptionsPanel({ flags, kings, personal, rounds }: Pick<Draft, 'flags' | 'kings' | 'personal'> & { rounds: number }) {
  const toggle = (name: FlagOption) => updateDraft({ flags: { ...flags, [name]: !flags[name] } });
  const setKings = (value: number) => updateDraft({ kings: value });
  return (
    <Panel title="Options">
      <ul className="option-list">
        {FLAG_OPTIONS.map((name) => (
          <li key={name}>
            <label className="option">
              <input type="checkbox" checked={flags[name]} onChange={() => toggle(name)} />
              <span>
                <strong>{OPTION_TEXT[name].label}</strong>
                <span className="option-text">
                  {OPTION_TEXT[name].text}
                  {name === 'rob' && (
                    <>
                      {' '}
                      <PathLink to="/battle/rob-mode" className="rob-link">
                        How it works
                      </PathLink>
                    </>
                  )}
                </span>
              </span>
            </label>
          </li>
        ))}
        <li>
          <label className="option">
            <input type="number" className="field-input kings-input" min={0} max={Math.max(rounds, 1)} value={kings} onChange={(event) => setKings(Math.max(0, Math.floor(Number(event.target.value) || 0)))} aria-describedby="kings-text" />
            <span>
              <strong>{OPTION_TEXT.kings.label}</strong>
              <span className="option-text" id="kings-text">
                {OPTION_TEXT.kings.text} 0 turns it off.
              </span>
            </span>
          </label>
        </li>
        <li>
          <label className="option">
            <input type="checkbox" checked={personal} onChange={() => updateDraft({ personal: !personal })} />
            <span>
              <strong>Private</strong>
              <span className="option-text">Not listed in the lobby: only players with the link can join.</span>
            </span>
          </label>
        </li>
      </ul>
    </Panel>
  );
}

/** What the seat costs, what the setup lacks, and the create button (a visitor gets the login modal). */
export function CreatePanel({ draft, entries, rounds, price, seatCount, setupError }: { draft: Draft; entries: readonly Entry[]; rounds: number; price: number; seatCount: number; setupError: string | null }) {
  const { mode, seats, flags, kings, personal } = draft;
  const logged = useLogged();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () =>
      rpc.call('arena-battle.create', {
        scheme: formatScheme(entries.map((entry) => ({ box: entry.box.hash, count: entry.count }))),
        mode,
        number: seatCount,
        ...(kings > 0 ? { kings } : {}),
        ...(personal ? { personal: true } : {}),
        options: Object.fromEntries(FLAG_OPTIONS.filter((name) => flags[name]).map((name) => [name, true])),
      }),
    onSuccess: (answer) => {
      draftStore.set(EMPTY_DRAFT);
      void navigate({ to: answer.path as '/' });
    },
  });
  return (
    <Panel title="Your seat">
      <p className="create-price">
        <CoinIcon width={22} height={22} />
        <span aria-label="Seat price">{formatCoins(price)}</span>
      </p>
      <p className="muted">
        {rounds} round{rounds === 1 ? '' : 's'} · {mode === 'team' ? '2 vs 2' : `${seats} seats`} · pot up to {formatCoins(price * seatCount)} coins of cases
      </p>
      {setupError && entries.length > 0 && (
        <p className="form-error" role="alert">
          {setupError}
        </p>
      )}
      <Button
        variant="primary"
        className="create-button"
        disabled={setupError !== null || create.isPending}
        onClick={() => (logged ? create.mutate(undefined) : sessionModal.set('login'))}
      >
        {create.isPending ? 'Creating…' : `Create for ${formatCoins(price)}`}
      </Button>
    </Panel>
  );
}
