// Fixture for scripts/import-cycles.test.ts: the other half of a type-only loop.
import type { A } from './a';

export interface B {
  a?: A;
}
