import { describe, expect, it } from 'vitest';
import { queryOf } from './match-filters';

describe('the matching request', () => {
  it('leaves out the filters left on "Any" and blank rates', () => {
    expect(queryOf({ careType: 'elderly_care', shift: '', rateMin: '  ' }, 1)).toEqual({ careType: 'elderly_care' });
  });

  it('asks for a page only after the first', () => {
    expect(queryOf({}, 1)).toEqual({});
    expect(queryOf({ region: 'arima' }, 3)).toEqual({ region: 'arima', page: '3' });
  });
});
