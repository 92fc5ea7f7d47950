/** The case catalog, its pages and art. */
import type { Domain } from '../../rpc/context.ts';
import { caseHandlers } from './methods.ts';
import { registerCases } from './routes.ts';

export const cases: Domain = { handlers: caseHandlers, register: registerCases };
