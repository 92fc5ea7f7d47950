import { ChickenIcon } from '../../ui/icons.tsx';
import { PageFrame, Panel, PlannedParts } from '../../ui/page-frame.tsx';
import './chicken.css';

const RISKS = [
  { name: 'Low', damage: 100 },
  { name: 'Medium', damage: 150 },
  { name: 'High', damage: 300 },
];

/** /chicken: Catch the Chicken. */
export function ChickenPage() {
  return (
    <PageFrame area="chicken" icon={<ChickenIcon />} eyebrow="Catch the Chicken" title="Catch the Chicken" lead="Lead the chicken across step by step. Every step raises your multiplier; cash out before it gets caught.">
      <div className="chicken-risks">
        {RISKS.map((risk) => (
          <Panel key={risk.name} title={`${risk.name} risk`}>
            <p>Max damage {risk.damage}. More risk, faster multipliers, fewer safe steps.</p>
          </Panel>
        ))}
      </div>
      <PlannedParts
        parts={[
          { title: 'The road', text: 'The lanes ahead of the chicken with the multiplier of each step.', look: 'stage' },
          { title: 'Bet and cash out', text: 'Your stake, the risk level, and the cash-out button with what it pays now.', look: 'stats' },
        ]}
      />
      <Panel title="Rules">
        <p>Each step is decided by a provably fair ticket from your seeds before you take it: the server cannot change it once you stepped.</p>
        <p>Cashing out pays your stake times the multiplier of the last safe step. Getting caught loses the stake.</p>
      </Panel>
    </PageFrame>
  );
}

/** /chicken/{id}: one chicken game. */
export function ChickenGamePage({ gameId }: { gameId: string }) {
  return (
    <PageFrame area="chicken" icon={<ChickenIcon />} eyebrow="Catch the Chicken" title={`Game ${gameId}`} lead="A chicken game step by step: the road it crossed, where it stopped and what it paid.">
      <PlannedParts
        parts={[
          { title: 'Replay', text: 'Every step of the game with its ticket.', look: 'stage' },
          { title: 'Result', text: 'Stake, risk, steps taken and the payout.', look: 'stats' },
        ]}
      />
    </PageFrame>
  );
}
