/** The support chat window, loaded when /support first opens it (docs/decisions/0054). */
export { default as SupportChat } from './support-chat.tsx';
