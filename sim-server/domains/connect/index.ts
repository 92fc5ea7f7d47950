/** Sign-in, sessions and the sim login provider. */
import type { Domain } from '../../rpc/context.ts';
import { connectHandlers } from './methods.ts';
import { registerConnect } from './routes.ts';

export const connect: Domain = { handlers: connectHandlers, register: registerConnect };
