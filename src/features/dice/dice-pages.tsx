import { DiceIcon } from '../../ui/icons.tsx';
import { PageFrame, Panel, PlannedParts } from '../../ui/page-frame.tsx';

/** /dice: the dice game. */
export function DicePage() {
  return (
    <PageFrame area="dice" icon={<DiceIcon />} eyebrow="Dice" title="Dice" lead="Pick a target and roll over or under it. The lower your chance, the bigger the multiplier.">
      <PlannedParts
        parts={[
          { title: 'The roll', text: 'A slider from 0 to 100 with your target, the roll landing on it, and your last results.', look: 'stage' },
          { title: 'Chance and payout', text: 'Win chance, multiplier and payout change together as you move the target.', look: 'stats' },
        ]}
      />
      <Panel title="Rules">
        <p>The multiplier is the reciprocal of the chance, less the stated house edge. Each roll is a provably fair ticket from your seeds, checkable on the fairness page.</p>
      </Panel>
    </PageFrame>
  );
}

/** /dice/{id}: one dice roll. */
export function DiceGamePage({ gameId }: { gameId: string }) {
  return (
    <PageFrame area="dice" icon={<DiceIcon />} eyebrow="Dice" title={`Roll ${gameId}`} lead="One dice roll: the target, the side, the result and the payout.">
      <PlannedParts parts={[{ title: 'Result', text: 'Target, roll over or under, the number rolled and what it paid.', look: 'stats' }]} />
    </PageFrame>
  );
}
