/**
 * The app's first render replaces a prerendered first view (scripts/prerender.ts) wholesale,
 * and the element a keyboard player had already reached (the skip link, a header link) goes
 * with it. This finds the same control in the app's page and focuses it again.
 */

/** What names a control across the two renders: its tag, link target and visible name. */
interface Mark {
  tag: string;
  href: string | null;
  name: string;
}

const markOf = (node: Element): Mark => ({
  tag: node.tagName,
  href: node.getAttribute('href'),
  name: (node.getAttribute('aria-label') ?? node.textContent ?? '').trim(),
});

const sameMark = (a: Mark, b: Mark) => a.tag === b.tag && a.href === b.href && a.name === b.name;

/** Call before the app renders; the answer, called after, moves focus back (or does nothing). */
export function keepFocusAcrossTakeover(root: HTMLElement): () => void {
  const focused = document.activeElement;
  if (!focused || focused === root || !root.contains(focused)) return () => undefined;
  const mark = markOf(focused);
  return () => {
    // The app's page commits over a few frames (the shell first, then the route's page).
    let frames = 120;
    const tryFocus = () => {
      const current = document.activeElement;
      // Not committed yet: the prerendered control is still there and focused.
      if (current === focused && focused.isConnected) {
        if ((frames -= 1) > 0) requestAnimationFrame(tryFocus);
        return;
      }
      // The player has moved on by themselves: leave their focus alone.
      if (current && current !== document.body) return;
      const match = [...root.querySelectorAll(mark.tag)].find((node) => sameMark(markOf(node), mark));
      if (match instanceof HTMLElement) match.focus({ preventScroll: true });
      else if ((frames -= 1) > 0) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
  };
}
