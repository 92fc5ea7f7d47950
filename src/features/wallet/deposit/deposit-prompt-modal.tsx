import { Button, buttonClass } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { PathLink } from '../../../ui/path-link.tsx';

/** Document 1 section 9: the insufficient-funds modal is 603 px wide. */
const PROMPT_WIDTH = 603;

/** "Not enough coins": the way to the deposit page. */
export default function DepositPromptModal({ onClose }: { onClose(): void }) {
  return (
    <Modal title="Not enough coins" width={PROMPT_WIDTH} onClose={onClose}>
      <p>Your balance is too low for this. Deposit coins by crypto, card, gift card or skins and come straight back.</p>
      <div className="modal-actions">
        <Button onClick={onClose}>Not now</Button>
        <PathLink to="/wallet" className={buttonClass('deposit')} onClick={onClose} data-autofocus>
          Deposit
        </PathLink>
      </div>
    </Modal>
  );
}
