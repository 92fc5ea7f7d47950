/** The parts of the unbox game page: the roulette stage, the controls and the drops so far. */
import type { CSSProperties, RefObject } from 'react';
import { ticketDigits } from '../../core/fair-ticket.ts';
import { formatCoins } from '../../core/money.ts';
import { ROULETTE } from '../../gfx/roulette-plan.ts';
import { setSetting, useSettings } from '../../storage/settings.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { ItemCard } from '../../ui/item-card.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { Toggle } from '../../ui/popover.tsx';
import { OpenCaseLink, SearchLink } from './case-links.tsx';
import type { CaseItem, UnboxDetail } from './queries.ts';
import type { Roll, Stage } from './unbox-play.ts';
import type { RouletteStatus } from '../../ui/use-roulette.ts';

/** The roulette and the line under it: what landed, or what to do next. */
export function UnboxStage({ host, scale, stage, rouletteStatus, landed, spinning, left }: { host: RefObject<HTMLDivElement | null>; scale: number; stage: Stage; rouletteStatus: RouletteStatus; landed: { item: CaseItem; roll: Roll } | null; spinning: boolean; left: number }) {
  return (
    <section className="unbox-stage" aria-label="Roulette" data-phase={stage} data-roulette={rouletteStatus}>
      <div ref={host} className="roulette-host" style={{ '--roulette-height': `${Math.round((ROULETTE.itemHeight + 40) * scale)}px` } as CSSProperties} />
      {rouletteStatus === 'unavailable' && <p className="roulette-note">Animations are off on this device: each drop shows at once.</p>}
      <div className="unbox-result" aria-live="polite">
        {landed ? (
          <p>
            You dropped <strong data-testid="landed-item">{landed.item.name}</strong> worth {formatCoins(landed.item.price)} coins, ticket {ticketDigits(landed.roll.drop.ticket)}.{' '}
            <PathLink to="/inventory">See it in your inventory</PathLink>
          </p>
        ) : spinning ? (
          <p>Spinning…</p>
        ) : (
          <p>{left > 0 ? 'Press spin to open the next case.' : 'Every roll of this game is spent.'}</p>
        )}
      </div>
    </section>
  );
}

/** Rolls left, spin / skip / open again, and the fast-spin, lightning and Lightning+ toggles. */
export function UnboxControls({ caseKey, detail, left, spinning, stage, ready, onSpin, onSkip }: { caseKey: string; detail: UnboxDetail | undefined; left: number; spinning: boolean; stage: Stage; ready: boolean; onSpin(): void; onSkip(): void }) {
  const { fast_spin, lightning, lightning_plus } = useSettings();
  return (
    <div className="unbox-controls">
      <p className="unbox-left" data-testid="rolls-left">
        {detail ? (
          <>
            <strong>{left}</strong> of {detail.game.rounds} {detail.game.rounds === 1 ? 'roll' : 'rolls'} left
          </>
        ) : (
          'Loading the game…'
        )}
      </p>
      <div className="unbox-buttons">
        {spinning ? (
          <Button onClick={onSkip} disabled={stage !== 'spinning'}>
            Skip
          </Button>
        ) : left > 0 || !detail ? (
          <Button variant="primary" disabled={!detail || !ready} onClick={onSpin}>
            Spin
          </Button>
        ) : (
          <OpenCaseLink caseKey={caseKey} className={buttonClass('primary')}>
            Open again
          </OpenCaseLink>
        )}
      </div>
      <div className="unbox-toggles">
        <Toggle label="Fast spin" checked={fast_spin} onChange={(value) => setSetting('fast_spin', value)} />
        <Toggle label="Lightning" hint="Roll on by itself" checked={lightning} onChange={(value) => setSetting('lightning', value)} />
        <Toggle label="Lightning+" hint="Those rolls land without the spin" checked={lightning_plus} onChange={(value) => setSetting('lightning_plus', value)} />
      </div>
    </div>
  );
}

/** The game's drops, newest first, each with its ticket and a link to verify it. */
export function UnboxDrops({ path, shownDrops }: { path: string; shownDrops: { drop: UnboxDetail['drops'][number]; item: CaseItem }[] }) {
  return (
    <Panel title="Drops of this game">
      {shownDrops.length > 0 ? (
        <ul className="item-grid" aria-label="Drops of this game">
          {shownDrops.map(({ drop, item }) => (
            <li key={drop.hash}>
              <ItemCard name={item.name} image={item.image} color={item.color} price={item.price} note={`Roll ${drop.round} · ticket ${ticketDigits(drop.ticket)}`}>
                <SearchLink to={`${path}/verify`} search={{ drop: drop.hash }} className={buttonClass('ghost', 'sm')} label={`Verify roll ${drop.round}`}>
                  Verify
                </SearchLink>
              </ItemCard>
            </li>
          ))}
        </ul>
      ) : (
        <p>No drops yet.</p>
      )}
    </Panel>
  );
}
