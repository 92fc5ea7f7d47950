/** Case tables: one case opened together, its drops live to everyone at the table. */
import type { Domain } from '../../rpc/context.ts';
import { caseTableHandlers } from './methods.ts';

export const caseTables: Domain = { handlers: caseTableHandlers };
