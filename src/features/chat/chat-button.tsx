import { Suspense } from 'react';
import { ChatIcon } from '../../ui/icons.tsx';
import { chatOpen } from './chat-state.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

const ChatPanel = lazyPart(() => import('./chat-panel.tsx'));

/** The header's chat toggle. */
export function ChatButton() {
  const open = chatOpen.use();
  return (
    <button type="button" className="icon-button chat-button" aria-label={open ? 'Close chat' : 'Open chat'} aria-pressed={open} onClick={() => chatOpen.set(!open)}>
      <ChatIcon />
    </button>
  );
}

/** The chat panel, loaded when first opened. */
export function ChatDock() {
  const open = chatOpen.use();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel />
    </Suspense>
  );
}
