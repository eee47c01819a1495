import { z } from 'zod';
import { TT_REGION_CODES } from './tt-region-options';

// The regions are in tt-region-options.ts (no zod: a page that lists them reads them without
// loading any schema, issue 35); their code schema is here.
export * from './tt-region-options';
export const ttRegionCodeSchema = z.enum(TT_REGION_CODES);
