import { PageFrame, PlannedParts } from '../../ui/page-frame.tsx';
import { TableIcon } from '../../ui/page-icons.tsx';
import './cases.css';

/** /case/table/default/{id}: the case table link. */
export function CaseTablePage({ id }: { id: string }) {
  return (
    <PageFrame area="cases" icon={<TableIcon />} eyebrow="Case table" title={`Case table ${id}`} lead="A shared table of cases: everyone at it opens the same cases and sees the same drops.">
      <PlannedParts
        parts={[
          { title: 'Cases on the table', text: 'The cases of this table with their prices and the number of openings.', look: 'cards' },
          { title: 'Drops so far', text: 'Every drop of the table, newest first.', look: 'rows' },
        ]}
      />
    </PageFrame>
  );
}
