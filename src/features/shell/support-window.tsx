import { buttonClass } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { SUPPORT_EMAIL, supportOpen } from './support.tsx';

/** The support window's body (support.tsx mounts it while supportOpen is set). */
export default function SupportWindow() {
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
