/** Opening cases. */
import type { Domain } from '../../rpc/context.ts';
import { unboxHandlers } from './methods.ts';

export const unbox: Domain = { handlers: unboxHandlers };
