// Fixture for scripts/eslint-rules.test.ts: a.ts and b.ts import each other (import-x/no-cycle).
import { b } from './b';

export const a = () => b() + 1;
