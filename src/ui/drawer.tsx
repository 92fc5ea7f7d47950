import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialogLayer } from './dialog-layer.ts';
import { CloseIcon } from './icons.tsx';
import './ui.css';

export interface DrawerProps {
  id?: string;
  label: string;
  onClose(): void;
  children: ReactNode;
}

/** A panel sliding in from the right (the mobile menu): a modal layer like Modal, full width on phones. */
export function Drawer({ id, label, onClose, children }: DrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  useDialogLayer(panel, onClose);
  return createPortal(
    <div
      className="drawer-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={panel} id={id} className="drawer" role="dialog" aria-modal="true" aria-label={label} tabIndex={-1}>
        <div className="drawer-head">
          <p className="drawer-title">{label}</p>
          <button type="button" className="icon-button" aria-label={`Close ${label.toLowerCase()}`} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
