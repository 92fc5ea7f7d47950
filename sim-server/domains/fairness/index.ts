/** Seeds, game records and the public beacon. */
import type { Domain } from '../../rpc/context.ts';
import { beaconHandlers, registerBeaconPage } from './beacon.ts';
import { fairnessHandlers } from './methods.ts';

export const fairness: Domain = { handlers: { ...fairnessHandlers, ...beaconHandlers }, register: registerBeaconPage };
