/** /partnership/members: partnership staff (scope 2+ or marketing) see every partner and club member. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatCoins } from '../../core/money.ts';
import { EmptyState, Panel } from '../../ui/page-frame.tsx';
import { PagedTable } from '../../ui/paged-table.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { membersQueryOptions } from './queries.ts';

const TAG_LABEL: Record<string, string> = { partner: 'Partner', club_member: 'Club member' };

export function MembersList() {
  const members = useInfiniteQuery(membersQueryOptions());
  if (members.isPending) return <Panel title="Members"><p className="partner-muted">Loading…</p></Panel>;
  if (members.isError) return <EmptyState title="For partnership staff">The members list is for partnership staff.</EmptyState>;
  const rows = members.data.pages.flatMap((page) => page.members);
  return (
    <Panel title="Members">
      {rows.length === 0 ? (
        <p className="partner-muted">No partners or club members yet.</p>
      ) : (
        <PagedTable columns={['Member', 'Code', 'Status', 'Referrals', 'Wagered', 'Earned']} pager={members}>
          {rows.map((row) => (
            <tr key={row.hash}>
              <td><PathLink to={`/profile/${row.name}`}>{row.name}</PathLink></td>
              <td>{row.code}</td>
              <td>{row.tags.flatMap((tag) => (TAG_LABEL[tag] ? [TAG_LABEL[tag]] : [])).join(', ')}</td>
              <td>{row.referrals}</td>
              <td>{formatCoins(row.wagered)}</td>
              <td className="amount-in">{formatCoins(row.earned)}</td>
            </tr>
          ))}
        </PagedTable>
      )}
    </Panel>
  );
}
