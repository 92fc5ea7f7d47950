/** Provably fair: how tickets are made, the verify modal (seeds and tickets), and the per-game fairness pages. */
export { ChickenFairnessPage, DiceFairnessPage } from './games-fairness.tsx';
export { RainFairnessPage } from './rain-fairness.tsx';
export { StealFairnessPage } from './steal-fairness.tsx';
export { FairnessPage, GameFairnessPage, RandomOrgPage, RobFairnessPage, TerminalFairnessPage, VerifyPage } from './fairness-pages.tsx';
export { VerifyModal, type VerifyPreset } from './verify-modal.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { beaconBlocksQueryOptions, gameRecordQueryOptions, rainRecordQueryOptions, stealRecordQueryOptions } from './queries.ts';
