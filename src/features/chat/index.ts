/** The public chat: its header toggle and panel (messages arrive with the chat update). */
export { ChatButton, ChatDock } from './chat-button.tsx';
export { chatOpen } from './chat-state.ts';
