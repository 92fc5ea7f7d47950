import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { ChatIcon, CloseIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/modal.tsx';
import { chatOpen } from './chat-state.ts';
import './chat.css';

/** Document 2 section 2: the chat rules modal lists ten rules. */
const RULES = [
  'English only.',
  'No links.',
  'No spam or flooding.',
  'No excessive caps.',
  'No begging for coins, items or tips.',
  'No promoting affiliate links or codes.',
  'No advertising competitor sites.',
  'No harassment, hate or threats.',
  'No impersonating staff or other players.',
  'No sharing personal information, yours or anyone else’s.',
];

/** The public chat panel (327 px): rules, messages and the input. Messages arrive with the chat update. */
export default function ChatPanel() {
  const [rules, setRules] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('.modal')) chatOpen.set(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <aside className="chat-panel" aria-label="Chat">
      <div className="chat-head">
        <ChatIcon />
        <h2>Chat</h2>
        <Button size="sm" onClick={() => setRules(true)}>
          Chat rules
        </Button>
        <button ref={close} type="button" className="icon-button" aria-label="Close chat" onClick={() => chatOpen.set(false)}>
          <CloseIcon />
        </button>
      </div>
      <div className="chat-body">
        <p className="chat-empty">The public chat of the arena: drops, rain, tips and the split-or-steal game. Messages show up here when the chat opens.</p>
      </div>
      <form className="chat-input" onSubmit={(event) => event.preventDefault()}>
        <input className="field-input" placeholder="Type Message..." disabled aria-label="Message" />
      </form>
      {rules && (
        <Modal title="Chat rules" width={651} onClose={() => setRules(false)}>
          <ol className="chat-rules">
            {RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
          <p className="chat-rules-note">Breaking the rules may bring a warning, a temporary suspension or a permanent ban.</p>
        </Modal>
      )}
    </aside>
  );
}
