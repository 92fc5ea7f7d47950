import { useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogLayer } from './dialog-layer.ts';
import { CloseIcon } from './icons.tsx';
import './ui.css';

/** Modal widths of document 1 section 9, in px (phones get 90.69% of the screen instead). */
export const ModalWidth = {
  tip: 459,
  /** The use-code modal. */
  enterCode: 545,
  settings: 579,
  streamParty: 944,
  boostersGuide: 905,
  boosters: 489,
  login: 573,
  /** The spec gives none for the logout modal; the boosters' width. */
  logout: 489,
  vault: 507,
  insufficientFunds: 603,
  card: 568,
  pack: 752,
  loginDetected: 579,
  provablyFairGuide: 1085,
  protectionChallenge: 515,
} as const;

export interface ModalProps {
  title: string;
  /** Desktop width in px (ModalWidth). */
  width: number;
  onClose(): void;
  children: ReactNode;
}

/**
 * A dialog over the page: focus moves in and stays in (Tab wraps, the page behind is inert),
 * Esc and the backdrop close it, and focus returns to whatever opened it.
 * An element marked `data-autofocus` gets the first focus.
 */
export function Modal({ title, width, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const pressedBackdrop = useRef(false);
  const titleId = useId();
  useDialogLayer(dialog, onClose);

  return createPortal(
    <div
      className="modal-backdrop"
      // Closes only on a press that both starts and ends on the backdrop: the touch that opened
      // the modal (touch-hold) ends with a stray compatibility mousedown right where it landed.
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (pressedBackdrop.current && event.target === event.currentTarget) onClose();
        pressedBackdrop.current = false;
      }}
    >
      <div ref={dialog} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} style={{ '--modal-width': `${width}px` } as CSSProperties}>
        <div className="modal-head">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
