/** The radio, Wave: the library, the station's clock, likes and paid requests. */
import type { Domain } from '../../rpc/context.ts';
import { radioHandlers } from './methods.ts';
import { registerRadio } from './runtime.ts';

export const radio: Domain = { handlers: radioHandlers, register: registerRadio };
