import { Link, type ActiveOptions } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

export interface PathLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the route table without its language prefix, params filled in ('/case/neon-rider'). */
  to: string;
  activeOptions?: ActiveOptions;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A client-side link to a path built at run time (menus, lists of cases, profiles). The
 * router's typed Link wants a route id and its params; menus hold plain paths. The router
 * adds the visitor's language prefix; the link gets data-status="active" on its page.
 */
export function PathLink({ to, ...rest }: PathLinkProps) {
  return <Link to={to as '/'} {...rest} />;
}
