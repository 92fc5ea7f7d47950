/**
 * A tap on a button of the prerendered copy, before the app took the page over: the copy's
 * buttons do nothing (docs/decisions/0021), so a player on a slow phone who tapped Settings or
 * the menu while the page's code arrived was ignored. The last such tap is remembered by the
 * button's name (and which of the visible buttons of that name it was) and given to the app's
 * button of that name once the app's first commit has replaced the copy (React clears the
 * container it renders into, which a MutationObserver sees).
 *
 * It runs as an inline script of each prerendered page: scripts/prerender.ts writes this
 * function's source after the copy. So it takes taps from the first paint on, before any of
 * the app's code has arrived, and adds nothing to the first page's bundle. It must therefore
 * use nothing from outside its own body.
 */
export function answerTapsOnCopy(root: HTMLElement): void {
  const copy = root.firstElementChild;
  if (!copy) return;
  const nameOf = (button: Element) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';
  const visibleNamed = (name: string) => [...root.querySelectorAll('button')].filter((b) => nameOf(b) === name && b.getClientRects().length > 0);
  let tap: { name: string; nth: number } | undefined;
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    const name = button && copy.contains(button) ? nameOf(button) : '';
    if (name) tap = { name, nth: visibleNamed(name).indexOf(button!) };
  };
  root.addEventListener('click', onClick, true);
  const watch = new MutationObserver(() => {
    if (copy.isConnected) return;
    watch.disconnect();
    root.removeEventListener('click', onClick, true);
    if (!tap) return;
    const { name, nth } = tap;
    const deadline = performance.now() + 10_000;
    const press = () => {
      const button = visibleNamed(name)[nth];
      if (button) {
        button.focus();
        button.click();
      } else if (performance.now() < deadline) requestAnimationFrame(press);
    };
    press();
  });
  watch.observe(root, { childList: true });
}
