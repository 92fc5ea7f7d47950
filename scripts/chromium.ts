/**
 * Debian's Chromium (docs/design.md section 2) for the build's prerender, the browser tests and
 * the benches: browser downloads are not available here, and these flags keep it quiet and steady
 * on a busy two-core machine.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Each context (a window in headless mode) would make two renderers for the omnibox popup's WebUI,
  // which no page here opens: 25% of the renderers' CPU, and in Lighthouse's traces some 2 s of a
  // core beside each page's load. Chromium merges this list with Playwright's.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
