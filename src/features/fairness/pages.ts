/** Provably fair: how tickets are made, the verify modal (seeds and tickets), and the per-game fairness pages. */
export { ChickenFairnessPage, DiceFairnessPage } from './games-fairness.tsx';
export { RainFairnessPage } from './rain-fairness.tsx';
export { StealFairnessPage } from './steal-fairness.tsx';
export { FairnessPage, GameFairnessPage, RandomOrgPage, RobFairnessPage, TerminalFairnessPage, VerifyPage } from './fairness-pages.tsx';
export { VerifyModal, type VerifyPreset } from './verify-modal.tsx';
