/** Shown while a page's code or data takes more than a moment. */
export function PageLoading() {
  return (
    <div className="container page-loading" aria-busy="true" aria-label="Loading">
      <span className="spinner" />
    </div>
  );
}
