/** What the router loads on the first failed route: the route error page. */
export { default as RouteError } from './route-error.tsx';
