import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { TableIcon } from '../../ui/page-icons.tsx';

/**
 * A link to the battle creator with this case preselected (/battle/create?case={key}). The
 * battles feature reads the `case` search parameter; the typed Link does not know it from here,
 * hence the plain path and search object.
 */
export function AddToBattleLink({ caseKey, className, children, label }: { caseKey: string; className?: string; children: ReactNode; label?: string }) {
  return (
    <Link to={'/battle/create' as '/'} search={{ case: caseKey } as never} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

/** A link to a case page with its opening panel in front (?action=open_card, document 1 section 2.1). */
export function OpenCaseLink({ caseKey, className, children, label }: { caseKey: string; className?: string; children: ReactNode; label?: string }) {
  return (
    <Link to={'/case/$caseId' as '/'} params={{ caseId: caseKey } as never} search={{ action: 'open_card' } as never} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

/** A link to a path built at run time with search parameters the target route reads (PathLink has none). */
export function SearchLink({ to, search, className, children, label }: { to: string; search: Record<string, string>; className?: string; children: ReactNode; label?: string }) {
  return (
    <Link to={to as '/'} search={search as never} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

/** Opens a new case table of this case (case-table.create) and goes to it; signed-in players only. */
export function OpenTableButton({ boxHash }: { boxHash: string }) {
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () => rpc.call('case-table.create', { box_hash: boxHash }),
    onSuccess: ({ table }) => void navigate({ to: table.path as '/' }),
  });
  return (
    <Button disabled={create.isPending} onClick={() => create.mutate()}>
      <TableIcon /> {create.isPending ? 'Opening a table…' : 'Open a table'}
    </Button>
  );
}
