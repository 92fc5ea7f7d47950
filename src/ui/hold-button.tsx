import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';
import { Button, type ButtonProps } from './button.tsx';

/** How long a touch must rest on a hold button (spec: touch-hold opens the alternative login). */
export const HOLD_MS = 600;

export interface HoldButtonProps extends ButtonProps {
  /** Called when a touch stays on the button for HOLD_MS; the click that follows is swallowed. */
  onHold(): void;
}

/** A button with a second action on touch-hold, for phones that have no shift key. */
export function HoldButton({ onHold, onClick, onPointerDown, onPointerUp, onPointerLeave, onPointerCancel, onContextMenu, ...rest }: HoldButtonProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const held = useRef(false);
  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Button
      {...rest}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        held.current = false;
        if (event.pointerType !== 'touch') return;
        cancel();
        timer.current = setTimeout(() => {
          held.current = true;
          onHold();
        }, HOLD_MS);
      }}
      onPointerUp={(event) => {
        onPointerUp?.(event);
        cancel();
      }}
      onPointerLeave={(event) => {
        onPointerLeave?.(event);
        cancel();
      }}
      onPointerCancel={(event) => {
        onPointerCancel?.(event);
        cancel();
      }}
      // A long press would otherwise open the browser's context menu on top of the modal.
      onContextMenu={(event) => {
        onContextMenu?.(event);
        if (timer.current !== undefined || held.current) event.preventDefault();
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (held.current) {
          held.current = false;
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
