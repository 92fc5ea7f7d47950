import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { CHICKEN_LEVELS, CHICKEN_RISKS } from '../../core/chicken-rules.ts';
import { formatHundredths } from '../../core/dice-rules.ts';
import { ticketDigits } from '../../core/fair-ticket.ts';
import { GAME_KEYS, type GameKey } from '../../core/games.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { modalTicket } from '../../../workers/fairness-client.ts';
import { reportApiError } from '../notifications/index.ts';
import { LoginButton, useLogged } from '../session/index.ts';
import { ClientSeedModal } from './client-seed-modal.tsx';
import { retireSeeds, seedQueryOptions, type SeedPair } from './seeds.ts';
import { VERIFY_GAMES } from './verify-games.ts';
import './fairness.css';

/** The provably fair guide's width (document 1 section 9). */
export const VERIFY_MODAL_WIDTH = 1085;

/** The games the verify tab computes tickets for: every game of the registry. */
export type VerifyGame = GameKey;

/** A roll to check, filled in from where the modal was opened (a drop of an unbox game). */
export type VerifyPreset = {
  readonly game: VerifyGame;
  /** The server seed (unbox) or the beacon (battle), when known. */
  readonly key?: string;
  readonly clientSeed?: string;
  readonly nonce?: number;
  /** The ticket the server recorded. */
  readonly expected?: number;
  /** The hashed server seed the roll used: rotating that pair reveals its key. */
  readonly serverSeedHashed?: string;
  /** What the roll was, in words ('Roll 3 of Neon Rider'). */
  readonly label?: string;
};

/** A server seed revealed by rotation, with the hash it was shown under. */
type Revealed = { readonly seed: string; readonly hashed: string };

/** Chicken's maximum damage by risk level (document 3 section 5). */
const CHICKEN_MAX = CHICKEN_RISKS.map((risk) => CHICKEN_LEVELS[risk].maxDamage);

/** What a ticket decided in chicken or dice, in words. */
function outcomeOf(game: VerifyGame, ticket: number, chickenMax: number): string | null {
  if (game === 'dice') return `Roll ${formatHundredths(ticket - 1)}`;
  if (game !== 'chicken') return null;
  const risk = CHICKEN_RISKS.find((name) => CHICKEN_LEVELS[name].maxDamage === chickenMax);
  if (!risk) return null;
  const { toughness } = CHICKEN_LEVELS[risk];
  return ticket > toughness ? `Damage ${ticket}: caught (${risk} risk survives up to ${toughness})` : `Damage ${ticket}: safe (${risk} risk survives up to ${toughness})`;
}

/** Digits in boxes, one per digit (the ticket and the nonce, document 3 section 2). */
function Digits({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <p className="calc-ticket">
      <span className="calc-label">{label}</span>
      <span className="calc-digits" data-testid={testId} aria-label={`${label} ${value}`}>
        {[...value].map((digit, i) => (
          <span key={i} aria-hidden>
            {digit}
          </span>
        ))}
      </span>
    </p>
  );
}

/** The verify tab: sub-tabs per game; the ticket is 00000 until every input is given, computed in the fairness worker. */
function VerifyTab({ preset, revealed }: { preset?: VerifyPreset; revealed: Revealed | null }) {
  const [game, setGame] = useState<VerifyGame>(preset?.game ?? 'unbox');
  // A seed just revealed fills the key when it is the one the roll used (or no roll is being checked).
  const revealedKey = revealed && (!preset?.serverSeedHashed || preset.serverSeedHashed === revealed.hashed) ? revealed.seed : '';
  const presetKey = preset?.key ?? revealedKey;
  const [key, setKey] = useState(presetKey);
  const [clientSeed, setClientSeed] = useState(preset?.clientSeed ?? '');
  const [nonce, setNonce] = useState(preset?.nonce === undefined ? '' : String(preset.nonce));
  const [chickenMax, setChickenMax] = useState<number>(CHICKEN_LEVELS.low.maxDamage);
  const fields = VERIFY_GAMES[game];
  const max = fields.max === 'chicken' ? chickenMax : fields.max;
  const answer = useQuery({
    queryKey: ['fairness', 'modal-ticket', key, clientSeed, nonce, max],
    queryFn: () => modalTicket({ key, clientSeed, nonce, max }),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
  const ticket = answer.data?.ticket ?? null;
  const digits = answer.data?.digits ?? '00000';
  const checking = preset !== undefined && preset.game === game && preset.expected !== undefined && String(preset.nonce) === nonce && (preset.clientSeed ?? clientSeed) === clientSeed;
  const ids = { key: useId(), seed: useId(), nonce: useId() };

  return (
    <div className="verify-tab">
      <div className="page-tabs verify-games" role="tablist" aria-label="Game">
        {GAME_KEYS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={game === name} className="page-tab" data-status={game === name ? 'active' : undefined} onClick={() => setGame(name)}>
            {VERIFY_GAMES[name].label}
          </button>
        ))}
      </div>
      {preset?.label && preset.game === game && <p className="calc-lead">Checking {preset.label}.</p>}
      <div className="calc">
        <label className="field" htmlFor={ids.key}>
          <span className="field-label">{fields.key}</span>
          <input id={ids.key} className="field-input mono" value={key} onChange={(event) => setKey(event.target.value.trim())} spellCheck={false} />
        </label>
        {game === 'unbox' && preset?.serverSeedHashed && key === '' && (
          <p className="calc-hash">
            This roll's server seed is still secret (its hash: <code>{preset.serverSeedHashed}</code>). Rotate your seeds in the Seeds tab to reveal it.
          </p>
        )}
        <label className="field" htmlFor={ids.seed}>
          <span className="field-label">{fields.clientSeed}</span>
          <input id={ids.seed} className="field-input mono" value={clientSeed} onChange={(event) => setClientSeed(event.target.value.trim())} spellCheck={false} />
        </label>
        <div className="calc-row">
          <label className="field" htmlFor={ids.nonce}>
            <span className="field-label">Nonce</span>
            <input id={ids.nonce} className="field-input mono" inputMode="numeric" value={nonce} onChange={(event) => setNonce(event.target.value.replace(/\D/g, ''))} />
          </label>
          {game === 'chicken' && (
            <label className="field">
              <span className="field-label">Max damage</span>
              <select className="field-input" value={chickenMax} onChange={(event) => setChickenMax(Number(event.target.value))}>
                {CHICKEN_MAX.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <div className="calc-results" aria-live="polite">
          <Digits value={nonce === '' ? '0' : nonce} label="Nonce" testId="nonce-digits" />
          <Digits value={digits} label="Ticket" testId="ticket" />
        </div>
        {ticket !== null && outcomeOf(game, ticket, chickenMax) && (
          <p className="calc-outcome" data-testid="ticket-outcome">
            {outcomeOf(game, ticket, chickenMax)}
          </p>
        )}
        {checking && ticket !== null && (
          <p className={ticket === preset.expected ? 'verify-verdict verify-ok' : 'verify-verdict verify-bad'} role="status" data-testid="verdict">
            {ticket === preset.expected
              ? `Matches the recorded ticket ${ticketDigits(preset.expected)}.`
              : `Does not match: the server recorded ${ticketDigits(preset.expected)}.`}
          </p>
        )}
      </div>
    </div>
  );
}

function SeedRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="seed-row">
      <dt>{label}</dt>
      <dd className="mono">{children}</dd>
    </div>
  );
}

/** The title of a failed rotation's notice (document 3 section 8). */
export const ROTATE_ERROR_TITLE = 'Invalid seed';

/** The seeds tab: the player's pair, a new client seed, and rotation that reveals the server seed. */
function SeedsTab({ onRevealed, revealed, onVerify }: { onRevealed(revealed: Revealed): void; revealed: Revealed | null; onVerify(): void }) {
  const logged = useLogged();
  const queryClient = useQueryClient();
  const seed = useQuery({ ...seedQueryOptions(), enabled: logged });
  const [changing, setChanging] = useState(false);
  const rotate = useMutation({
    mutationFn: () => retireSeeds(queryClient, { rotate: 1 }),
    // Document 3 section 8: a rotate's error notice is titled 'Invalid seed'.
    meta: { silent: true },
    onError: (error) => reportApiError(error, () => undefined, 'action', { title: ROTATE_ERROR_TITLE }),
  });
  // The pair being retired is the one shown now: its hash identifies the revealed seed.
  const reveal = (hashed: string) => (answer: SeedPair) => {
    if (answer.server_seed) onRevealed({ seed: answer.server_seed, hashed });
  };
  if (!logged) {
    return (
      <div className="seeds-guest">
        <p>Sign in to see your seed pair, change your client seed and rotate your server seed.</p>
        <LoginButton />
      </div>
    );
  }
  if (!seed.data) return <p aria-busy="true">{seed.isError ? 'Your seeds did not load.' : 'Loading your seeds…'}</p>;
  const pair = seed.data;
  return (
    <div className="seeds-tab">
      <dl className="seed-list">
        <SeedRow label="Client seed">
          <span data-testid="client-seed">{pair.client_seed}</span>
        </SeedRow>
        <SeedRow label="Server seed (hashed)">{pair.server_seed_hashed}</SeedRow>
        <SeedRow label="Next server seed (hashed)">{pair.next_server_seed_hashed}</SeedRow>
        <SeedRow label="Nonce">{pair.nonce}</SeedRow>
      </dl>
      <div className="seed-actions">
        <Button onClick={() => setChanging(true)}>Change client seed</Button>
        <Button variant="primary" disabled={rotate.isPending} onClick={() => rotate.mutate(undefined, { onSuccess: reveal(pair.server_seed_hashed) })}>
          {rotate.isPending ? 'Rotating…' : 'Rotate server seed'}
        </Button>
      </div>
      {revealed && (
        <div className="seed-revealed" role="status">
          <p>
            Revealed server seed: <code data-testid="revealed-seed">{revealed.seed}</code>
          </p>
          <p>Its SHA-256 is the hashed server seed your past rolls showed. Check them with it:</p>
          <Button variant="primary" onClick={onVerify}>
            Verify with this seed
          </Button>
        </div>
      )}
      {changing && <ClientSeedModal current={pair.client_seed} onClose={() => setChanging(false)} onSaved={reveal(pair.server_seed_hashed)} />}
    </div>
  );
}

/**
 * The verify modal (document 3 section 2): two tabs, seeds and verify; verify has unbox,
 * battle, chicken and dice sub-tabs. It sits at {parent}/verify and closes back to the parent.
 */
export function VerifyModal({ onClose, preset }: { onClose(): void; preset?: VerifyPreset }) {
  const [tab, setTab] = useState<'seeds' | 'verify'>(preset ? 'verify' : 'seeds');
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  // The verify tab remounts with a revealed seed, so it starts from it.
  const [verifyKey, setVerifyKey] = useState(0);
  return (
    <Modal title="Verify a ticket" width={VERIFY_MODAL_WIDTH} onClose={onClose}>
      <div className="page-tabs verify-tabs" role="tablist" aria-label="Fairness">
        {(['seeds', 'verify'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className="page-tab" data-status={tab === name ? 'active' : undefined} onClick={() => setTab(name)}>
            {name === 'seeds' ? 'Seeds' : 'Verify'}
          </button>
        ))}
      </div>
      {tab === 'seeds' ? (
        <SeedsTab
          revealed={revealed}
          onRevealed={(next) => {
            setRevealed(next);
            setVerifyKey((n) => n + 1);
          }}
          onVerify={() => setTab('verify')}
        />
      ) : (
        <VerifyTab key={verifyKey} preset={preset ?? (revealed ? { game: 'unbox', key: revealed.seed } : undefined)} revealed={revealed} />
      )}
    </Modal>
  );
}
