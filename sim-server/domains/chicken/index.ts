/** Catch the Chicken. */
import type { Domain } from '../../rpc/context.ts';
import { chickenHandlers } from './methods.ts';

export const chicken: Domain = { handlers: chickenHandlers };
