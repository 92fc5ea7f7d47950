import { useEffect, useEffectEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

// Open dialogs, innermost last: only the innermost answers Esc and keeps Tab inside itself.
const layers: symbol[] = [];
let savedOverflow = '';

/**
 * Focus goes back to the control that opened the layer. When that element is gone (its part of
 * the page rendered anew while the layer was open) or was never known (focus was on nothing),
 * the control that names the layer in aria-controls takes it: the mobile menu's button.
 */
function returnFocus(layer: HTMLElement, opener: HTMLElement | null): void {
  if (opener?.isConnected && opener !== document.body) return opener.focus();
  if (layer.id) document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(layer.id)}"]`)?.focus();
}

/**
 * Makes an element a modal layer: the page behind goes inert and stops scrolling, focus moves
 * in (to `[data-autofocus]`, else the first control) and stays in (Tab wraps), Esc calls
 * onClose, and when the layer goes focus returns to whatever opened it. Layers stack: a
 * dialog opened from a dialog takes over until it closes.
 */
export function useDialogLayer(ref: RefObject<HTMLElement | null>, onClose: () => void): void {
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const me = Symbol('dialog');
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const page = document.getElementById('root');
    if (layers.length === 0) {
      page?.setAttribute('inert', '');
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    layers.push(me);
    (node.querySelector<HTMLElement>('[data-autofocus]') ?? node.querySelector<HTMLElement>(FOCUSABLE) ?? node).focus();

    const onKey = (event: KeyboardEvent) => {
      if (layers.at(-1) !== me) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null || item === document.activeElement);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return event.preventDefault();
      const inside = node.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      layers.splice(layers.indexOf(me), 1);
      if (layers.length === 0) {
        page?.removeAttribute('inert');
        document.body.style.overflow = savedOverflow;
      }
      returnFocus(node, opener);
    };
  }, [ref]);
}
