/**
 * A route whose address does not make a page of the table (document 1 section 2.1: "An invalid
 * route definition yields the message 'Not a valid page'"): a route's param parser throws it and
 * the route error page says so.
 */
export const NOT_A_VALID_PAGE = 'Not a valid page';

/** Thrown by a route's params.parse for an address its params do not fit. */
export class InvalidPageError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'InvalidPageError';
  }
}
