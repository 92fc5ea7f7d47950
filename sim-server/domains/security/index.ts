/** Two-factor authentication and the session prompts. */
import type { Domain } from '../../rpc/context.ts';
import { securityHandlers } from './methods.ts';

export const security: Domain = { handlers: securityHandlers };
