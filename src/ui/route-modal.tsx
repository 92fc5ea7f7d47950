import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

export interface RouteModalProps {
  title: string;
  width: number;
  /** The page the modal opens over. */
  behind: ReactNode;
  /** Leaves the modal's route (back to the page behind). */
  onClose(): void;
  /** The modal waits: the page behind shows alone, kept as it is when the modal comes. */
  held?: boolean;
  children: ReactNode;
}

/**
 * A route that is a modal over another page (document 1: /battle/rob-mode over battle
 * create, /event/boosters, /partnership/tiers, /provably-fair/verify...): the page behind
 * renders as usual and closing the modal leaves the route.
 */
export function RouteModal({ title, width, behind, onClose, held = false, children }: RouteModalProps) {
  return (
    <>
      {behind}
      {!held && (
        <Modal title={title} width={width} onClose={onClose}>
          {children}
        </Modal>
      )}
    </>
  );
}
