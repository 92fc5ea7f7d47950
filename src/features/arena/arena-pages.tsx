import { BattleIcon, CaseIcon } from '../../ui/icons.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { PageFrame, PlannedParts } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';

/** /arena: the arena lobby, public and personal games. */
export function ArenaPage() {
  return (
    <PageFrame
      area="arena"
      icon={<BattleIcon />}
      eyebrow="Arena"
      title="Arena lobby"
      lead="Every game that is open right now: public battles waiting for players, your own battles and the unbox games you still have rolls in."
      actions={
        <>
          <PathLink to="/battle/create" className={buttonClass('primary')}>
            Create a battle
          </PathLink>
          <PathLink to="/cases" className={buttonClass('ghost')}>
            <CaseIcon /> Cases
          </PathLink>
        </>
      }
    >
      <PlannedParts
        parts={[
          { title: 'Public battles', text: 'Battles waiting for seats, with their cases, price, mode and the players already in. Join with one click.', look: 'rows' },
          { title: 'Your games', text: 'Your running battles and personal unbox games, so you can jump back in.', look: 'rows' },
          { title: 'Live drops', text: 'The best items dropping across the arena, as they happen.', look: 'cards' },
          { title: 'Arena statistics', text: 'Players online, battles by stage and the biggest pot of the day.', look: 'stats' },
        ]}
      />
    </PageFrame>
  );
}
