import { buttonClass } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { createStore } from '../../ui/store.ts';

/** The support email the footer and the support window show. */
export const SUPPORT_EMAIL = 'support@skinfans.local';
/** The marketing email of the footer. */
export const MARKETING_EMAIL = 'marketing@skinfans.local';

/** A page the player was on: where /support sends them back. */
export interface VisitedLocation {
  pathname: string;
  search: Record<string, unknown>;
}

let last: VisitedLocation | null = null;

/** Remembers the page now shown (the root calls it on every navigation). */
export function rememberLocation(location: VisitedLocation): void {
  if (location.pathname !== '/support') last = location;
}

/** The page before the one being opened, or null on the first page of a visit. */
export function previousLocation(): VisitedLocation | null {
  return last;
}

/** Whether the support window is open. */
export const supportOpen = createStore(false);

/** The support window that /support opens over the page the player came from. */
export function SupportModal() {
  const open = supportOpen.use();
  if (!open) return null;
  const close = () => supportOpen.set(false);
  return (
    <Modal title="Support" width={459} onClose={close}>
      <p className="support-text">Our team answers every day. Most questions already have an answer in the FAQ.</p>
      <p className="support-text">
        Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with your player name.
      </p>
      <div className="modal-actions">
        <PathLink to="/faq" className={buttonClass('ghost')} onClick={close}>
          Open the FAQ
        </PathLink>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClass('primary')} onClick={close} data-autofocus>
          Email support
        </a>
      </div>
    </Modal>
  );
}
