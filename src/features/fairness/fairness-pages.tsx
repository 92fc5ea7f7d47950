import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TICKET_MAX } from '../../core/fair-ticket.ts';
import { formatCount } from '../../core/money.ts';
import { buttonClass } from '../../ui/button.tsx';
import { formatEnGb } from '../../ui/date-format.ts';
import { PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { GlobeIcon, HashIcon, MaskIcon, ShieldIcon, TerminalIcon, TicketIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { beaconBlocksQueryOptions } from './queries.ts';
import { GameFairness } from './game-fairness.tsx';
import { VerifyModal } from './verify-modal.tsx';
import './fairness.css';

const TABS = [
  { to: '/provably-fair', label: 'How it works', exact: true },
  { to: '/provably-fair/verify', label: 'Verify' },
  { to: '/provably-fair/battles/rob', label: 'Rob mode' },
  { to: '/provably-fair/battles/terminal', label: 'Terminal mode' },
  { to: '/provably-fair/randomorg', label: 'Randomness' },
];

function FairnessTabs() {
  return (
    <nav className="page-tabs" aria-label="Fairness">
      {TABS.map((tab) => (
        <PathLink key={tab.to} to={tab.to} className="page-tab" activeOptions={{ exact: tab.exact ?? false }}>
          {tab.label}
        </PathLink>
      ))}
    </nav>
  );
}

/** /provably-fair: how every result is decided, and how to check it. */
export function FairnessPage() {
  return (
    <PageFrame
      area="fairness"
      icon={<ShieldIcon />}
      eyebrow="Provably fair"
      title="Check every result yourself"
      lead="Every drop, battle round, chicken step and dice roll comes from a ticket that was fixed before you played. Here is how it is made."
      actions={
        <PathLink to="/provably-fair/verify" className={buttonClass('primary')}>
          <TicketIcon /> Verify a ticket
        </PathLink>
      }
    >
      <FairnessTabs />
      <div className="fair-grid">
        <Panel title="The ticket">
          <div className="prose">
            <p>
              <code>ticket = (first 7 hex digits of HMAC-SHA256(key, client_seed + "-" + nonce)) mod max + 1</code>
            </p>
            <p>
              For cases and battles <code>max</code> is {formatCount(TICKET_MAX)}, so the ticket runs from 1 to {formatCount(TICKET_MAX)}. Every item of a case owns a range of tickets; the ranges
              cover 1 to {formatCount(TICKET_MAX)} exactly, and the ticket picks the item.
            </p>
          </div>
        </Panel>
        <Panel title="Opening cases">
          <div className="prose">
            <p>
              The key is your <strong>server seed</strong>. You see its SHA-256 hash before you play, and the hash of the next one too. Your <strong>client seed</strong> is yours to change;
              the <strong>nonce</strong> goes up by one per roll.
            </p>
            <p>Rotate the pair to reveal the old server seed and check every roll you made with it.</p>
          </div>
        </Panel>
        <Panel title="Battles">
          <div className="prose">
            <p>
              A battle commits a server seed (hashed) when it is created. After the last seat is filled, the next block of the public beacon chain becomes the key; the battle’s server
              seed is the client seed, and the nonce of round r, seat s of n seats is <code>(r − 1) × n + s</code>.
            </p>
            <p>A tie is settled by the next nonce with max equal to the number of tied seats.</p>
          </div>
        </Panel>
        <Panel title="Chicken and dice">
          <div className="prose">
            <p>The same ticket from your seed pair decides each chicken step and each dice roll, with the game’s own max.</p>
          </div>
        </Panel>
      </div>
    </PageFrame>
  );
}

/** /provably-fair/verify: the verify modal over the fairness page. */
export function VerifyPage() {
  const navigate = useNavigate();
  return (
    <>
      <FairnessPage />
      <VerifyModal onClose={() => void navigate({ to: '/provably-fair' })} />
    </>
  );
}

/** /provably-fair/randomorg: the external randomness page, with the newest blocks of the beacon. */
export function RandomOrgPage() {
  const blocks = useQuery({ ...beaconBlocksQueryOptions(), refetchInterval: 15_000 });
  return (
    <PageFrame area="fairness" icon={<GlobeIcon />} eyebrow="Provably fair" title="External randomness" lead="Battles take their key from a public beacon: a chain of blocks anyone can read, produced after the last seat is filled, so nobody knows it in advance.">
      <FairnessTabs />
      <Panel title="Newest beacon blocks">
        {blocks.data ? (
          <div className="replay-table-wrap">
            <table className="replay-table">
              <thead>
                <tr>
                  <th scope="col">Block</th>
                  <th scope="col">Time</th>
                  <th scope="col">Id (the battles' key)</th>
                </tr>
              </thead>
              <tbody>
                {blocks.data.blocks.map((block) => (
                  <tr key={block.number}>
                    <td>{block.number}</td>
                    <td>{formatEnGb(block.time, 'date-seconds')}</td>
                    <td className="mono">{block.id}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : blocks.isError ? (
          <p>The beacon did not answer. Try again in a moment.</p>
        ) : (
          <Skeleton count={4} variant="row" />
        )}
      </Panel>
    </PageFrame>
  );
}

/** /provably-fair/{hash}: the fairness record of one game, replayed in the browser. */
export function GameFairnessPage({ hash }: { hash: string }) {
  return (
    <PageFrame area="fairness" icon={<HashIcon />} eyebrow="Provably fair" title={`Game ${hash}`} lead="Every ticket of this game with the seeds and nonces that made it, checked against the items they dropped.">
      <FairnessTabs />
      <GameFairness hash={hash} />
    </PageFrame>
  );
}

/** /provably-fair/battles/rob: rob mode's commit and reveal. */
export function RobFairnessPage() {
  return (
    <PageFrame area="fairness" icon={<MaskIcon />} eyebrow="Provably fair" title="Rob mode" lead="The two leaders choose split or rob without seeing each other’s choice.">
      <FairnessTabs />
      <Panel title="Commit, then reveal">
        <div className="prose">
          <p>
            Each player first sends <code>SHA-256(decision + "-" + salt)</code>. Only when both commitments are in are the decisions and salts revealed, and anyone can check that each
            reveal matches its hash.
          </p>
          <p>A seat that does not commit in time counts as split.</p>
        </div>
      </Panel>
    </PageFrame>
  );
}

/** /provably-fair/battles/terminal: terminal mode. */
export function TerminalFairnessPage() {
  return (
    <PageFrame area="fairness" icon={<TerminalIcon />} eyebrow="Provably fair" title="Terminal mode" lead="In a terminal battle only the last round’s drops decide the winner.">
      <FairnessTabs />
      <Panel title="Same tickets, another rule">
        <p>Every round rolls with the same tickets as in a standard battle; only the rule that picks the winner changes. Crazy terminal picks the lowest last drop.</p>
      </Panel>
    </PageFrame>
  );
}
