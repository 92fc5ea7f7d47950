import { useNavigate } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { BattleIcon } from '../../ui/icons.tsx';
import { PageFrame, Panel, PlannedParts } from '../../ui/page-frame.tsx';
import { ClockIcon, MaskIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { RouteModal } from '../../ui/route-modal.tsx';
import './battles.css';

const MODES = [
  { name: 'Standard', text: 'The highest total value takes every drop.' },
  { name: 'Crazy', text: 'Upside down: the lowest total wins.' },
  { name: 'Terminal', text: 'Only the last round’s drops decide.' },
  { name: 'Share', text: 'The pot is split equally between the seats.' },
  { name: 'Kings', text: 'The best drop of a round wins a crown; the first to K crowns wins.' },
  { name: 'Rob', text: 'The two leaders choose to split or rob the pot.' },
];

/** /battles: the battle lobby and the player's battles. */
export function BattlesPage() {
  return (
    <PageFrame
      area="battles"
      icon={<BattleIcon />}
      eyebrow="Battles"
      title="Case battles"
      lead="Two to five seats open the same cases round by round. The best haul takes every drop; other modes change who wins."
      actions={
        <>
          <PathLink to="/battle/create" className={buttonClass('primary')}>
            Create a battle
          </PathLink>
          <PathLink to="/battles/history" className={buttonClass('ghost')}>
            <ClockIcon /> History
          </PathLink>
        </>
      }
    >
      <ul className="mode-strip" aria-label="Battle modes">
        {MODES.map((mode) => (
          <li key={mode.name} className="mode-chip">
            <strong>{mode.name}</strong>
            <span>{mode.text}</span>
          </li>
        ))}
      </ul>
      <PlannedParts
        parts={[
          { title: 'Open battles', text: 'Battles waiting for players: cases, seats, price and mode. Take a seat or call bots to fill the rest.', look: 'rows' },
          { title: 'My battles', text: 'The battles you sit in, with their rounds as they roll.', look: 'rows' },
        ]}
      />
    </PageFrame>
  );
}

/** /battles/history: ended battles. */
export function BattleHistoryPage() {
  return (
    <PageFrame area="battles" icon={<ClockIcon />} eyebrow="Battles" title="Battle history" lead="Every battle you played to the end, with its pot, the winner and a link to check its fairness.">
      <PlannedParts
        parts={[
          { title: 'Summary', text: 'Battles played, battles of more than two seats and your biggest single reward.', look: 'stats' },
          { title: 'Ended battles', text: 'Newest first, page by page; each opens its replay.', look: 'rows' },
        ]}
      />
    </PageFrame>
  );
}

/** /battle/create: build a battle from cases. */
export function BattleCreatePage() {
  return (
    <PageFrame
      area="battles"
      icon={<BattleIcon />}
      eyebrow="Battles"
      title="Create a battle"
      lead="Pick the cases for each round, the number of seats and the mode. You pay your seat when you create it; the rest join or bots fill in."
      actions={
        <PathLink to="/battle/rob-mode" className={buttonClass('ghost')}>
          <MaskIcon /> How rob mode works
        </PathLink>
      }
    >
      <PlannedParts
        parts={[
          { title: 'Rounds', text: 'The cases of the battle in order, each up to 100 rounds in total, with the price per seat.', look: 'cards' },
          { title: 'Seats and mode', text: '2 to 5 seats or 2 vs 2 teams; crazy, terminal, share, kings, rob, tiebreak and fast.', look: 'stats' },
        ]}
      />
    </PageFrame>
  );
}

/** /battle/rob-mode: the rob-mode tutorial, a modal over battle create. */
export function RobModePage() {
  const navigate = useNavigate();
  return (
    <RouteModal title="Rob mode" width={603} behind={<BattleCreatePage />} onClose={() => void navigate({ to: '/battle/create' })}>
      <div className="rob-guide">
        <p>After the last round the two leading seats decide in secret: split or rob.</p>
        <ul>
          <li>
            <strong>Split and split:</strong> the pot is halved between them.
          </li>
          <li>
            <strong>Rob and split:</strong> the robber takes it all.
          </li>
          <li>
            <strong>Rob and rob:</strong> the pot goes to the house.
          </li>
        </ul>
        <p>Both choices are committed as hashes before either is revealed, so nobody can change their mind after seeing the other’s.</p>
        <PathLink to="/provably-fair/battles/rob" className="rob-link">
          How the choice is kept fair
        </PathLink>
      </div>
    </RouteModal>
  );
}

/** /battle/{id}: one battle. */
export function BattlePage({ gameId }: { gameId: string }) {
  const personal = gameId.length === 32;
  return (
    <PageFrame area="battles" icon={<BattleIcon />} eyebrow={personal ? 'Private battle' : 'Battle'} title={`Battle ${personal ? gameId.slice(0, 8) + '…' : gameId}`} lead="The seats, the cases of each round and the reels that roll them; the pot goes to the winner when the last round ends.">
      <PlannedParts
        parts={[
          { title: 'Reels', text: 'One reel per seat, rolling every round’s case at the same time.', look: 'stage' },
          { title: 'Seats', text: 'Players, their totals and crowns, and the empty seats you can take.', look: 'stats' },
          { title: 'Fairness', text: 'The committed server seed and the beacon block that decided the drops.', look: 'rows' },
        ]}
      />
      <Panel title="Battle id">
        <p>
          <code className="battle-id">{gameId}</code>
        </p>
      </Panel>
    </PageFrame>
  );
}
