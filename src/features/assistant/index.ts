/** The on-screen assistant (document 1 section 4): a small lazy part of the shell, desktop only. */
export { Assistant } from './assistant-part.tsx';
