/**
 * Shown while a page's code or data takes more than a moment. In a route's frame made ahead it
 * is the part the server may render the page itself into (a finished battle's: src/first-views).
 */
export function PageLoading() {
  return (
    <div className="container page-loading" aria-busy="true" aria-label="Loading" data-first-view="page">
      <span className="spinner" />
    </div>
  );
}
