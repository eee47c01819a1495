// Fixture for scripts/eslint-rules.test.ts: b.ts closes the loop back to a.ts.
import { a } from './a';

export const b = (): number => (Math.random() > 2 ? a() : 0);
