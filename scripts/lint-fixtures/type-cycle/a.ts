// Fixture for scripts/import-cycles.test.ts: a.ts and b.ts import each other's types only.
import type { B } from './b';

export interface A {
  b?: B;
}
