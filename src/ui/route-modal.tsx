import type { ReactNode } from 'react';
import { Modal } from './modal.tsx';

export interface RouteModalProps {
  title: string;
  width: number;
  /** The page the modal opens over. */
  behind: ReactNode;
  /** Leaves the modal's route (back to the page behind). */
  onClose(): void;
  children: ReactNode;
}

/**
 * A route that is a modal over another page (document 1: /battle/rob-mode over battle
 * create, /event/boosters, /partnership/tiers, /provably-fair/verify...): the page behind
 * renders as usual and closing the modal leaves the route.
 */
export function RouteModal({ title, width, behind, onClose, children }: RouteModalProps) {
  return (
    <>
      {behind}
      <Modal title={title} width={width} onClose={onClose}>
        {children}
      </Modal>
    </>
  );
}
