import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES, isoDateSchema, localDateTimeSchema } from './date-params';

describe('the shared date parameter schema (issue 32)', () => {
  it.each([
    ['9999-12-31', DATE_MESSAGES.outOfRange],
    ['0000-01-01', DATE_MESSAGES.outOfRange],
    ['1899-12-31', DATE_MESSAGES.outOfRange],
    ['2101-01-01', DATE_MESSAGES.outOfRange],
    ['2026-02-30', DATE_MESSAGES.notReal],
    ['2026-13-01', DATE_MESSAGES.notReal],
    ['+275760-09-13', DATE_MESSAGES.format],
    ['2026-1-1', DATE_MESSAGES.format],
  ])('%s is refused: %s', (value, message) => {
    expect(isoDateSchema.safeParse(value).error?.issues[0]?.message).toBe(message);
  });

  it.each(['1900-01-01', '2024-02-29', '2100-12-31'])('%s is accepted', (value) => {
    expect(isoDateSchema.safeParse(value).success).toBe(true);
  });

  it('a wall time on a date out of range gets the range message', () => {
    expect(localDateTimeSchema.safeParse('9999-12-31T23:59').error?.issues[0]?.message).toBe(DATE_MESSAGES.outOfRange);
    expect(localDateTimeSchema.safeParse('2100-12-31T23:59').success).toBe(true);
  });
});
