/** The radio, Wave: the header's hint, the radio and request modals, playback. Loaded on demand. */
export { RadioHint, RadioModals } from './lazy-radio.tsx';
export { radioModal } from './radio-modal-state.ts';
