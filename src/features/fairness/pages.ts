/** Provably fair: how tickets are made, a ticket calculator, and the per-game fairness page frames. */
export { ChickenFairnessPage, DiceFairnessPage, FairnessPage, GameFairnessPage, RandomOrgPage, RobFairnessPage, TerminalFairnessPage, VerifyPage } from './fairness-pages.tsx';
