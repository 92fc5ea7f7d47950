import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';

export interface PathLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/**
 * A client-side link to a path of the spec's route table whose page a later slice adds.
 * Router links are typed against the routes that exist; until a page lands, its path is
 * taken as text here and the router shows the not-found page.
 */
export function PathLink({ to, ...rest }: PathLinkProps) {
  return <Link to={to as '/'} {...rest} />;
}
