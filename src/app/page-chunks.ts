/**
 * Starts fetching the page's own chunks at once, all together. The server's copy of the shell
 * for a page it has no prerendered copy of names them (scripts/route-shells.ts); without this
 * the router found them one level of imports at a time once it ran (route, page, page frame,
 * dialogs, then the transport and the contract). Added here, as the app's chunk starts to
 * evaluate, rather than as preload tags in the HTML: those shared the slow link with the app's
 * own chunk and put the first paint 0.6 s later on Lighthouse's mobile preset (docs/decisions/0053).
 * boot.ts calls it before the rest of the app's chunk evaluates.
 */
export function preloadPageChunks(): void {
  for (const href of document.querySelector('meta[name="page-chunks"]')?.getAttribute('content')?.split(' ') ?? []) {
    const link = document.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
