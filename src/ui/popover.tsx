import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './ui.css';

export interface PopoverProps {
  /** The trigger's accessible name. */
  label: string;
  /** The trigger's content (an icon). */
  trigger: ReactNode;
  /** A small count on the trigger. */
  badge?: number | string | null;
  children: ReactNode;
  /** The panel's heading. */
  title?: string;
  className?: string;
  /** The player's own (a balance): left blank in a first view made ahead (scripts/prerender.ts). */
  personal?: boolean;
  onOpen?(): void;
}

/** Whether a modal is open over the page (a modal opened from a popover answers its own presses and Esc). */
const modalOpen = () => document.querySelector('.modal-backdrop') !== null;

/**
 * An icon button with a panel under it (settings, radio, notifications). Esc or a press
 * outside closes it and focus goes back to the button; Tab moves through the panel. While a
 * modal opened from the panel (the language modal) is up, its presses and Esc are its own.
 */
export function Popover({ label, trigger, badge, children, title, className, personal, onOpen }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node) && !modalOpen()) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || modalOpen()) return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`popover${className ? ` ${className}` : ''}`} ref={root} data-personal={personal || undefined}>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen((value) => !value);
        }}
      >
        {trigger}
        {badge ? <span className="icon-badge">{badge}</span> : null}
      </button>
      {open && (
        <div className="popover-panel" id={panelId} role="dialog" aria-label={title ?? label}>
          {title && <p className="popover-title">{title}</p>}
          {children}
        </div>
      )}
    </div>
  );
}

/** A labelled on/off switch. */
export function Toggle({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(value: boolean): void; hint?: string }) {
  const id = useId();
  return (
    <label className="toggle" htmlFor={id}>
      <span className="toggle-text">
        <span>{label}</span>
        {hint && <span className="toggle-hint">{hint}</span>}
      </span>
      <input id={id} type="checkbox" role="switch" className="toggle-input" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="toggle-track" aria-hidden />
    </label>
  );
}
