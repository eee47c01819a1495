import { describe, expect, it } from 'vitest';
import { paramsForTab, paramsForWeek, readPlanPageParams } from './plan-page-params';

const read = (search: string) => readPlanPageParams(new URLSearchParams(search));

describe('the plan page address', () => {
  it('opens the details when no tab, or a tab that does not exist, is asked for', () => {
    expect(read('')).toEqual({ tab: 'details', week: undefined });
    expect(read('?tab=medications')).toEqual({ tab: 'details', week: undefined });
  });

  it('opens the tab and the week a shared link names', () => {
    expect(read('?tab=team')).toEqual({ tab: 'team', week: undefined });
    expect(read('?tab=schedule&week=2026-11-23')).toEqual({ tab: 'schedule', week: '2026-11-23' });
  });

  it('next or previous week shows the schedule of that week', () => {
    const next = paramsForWeek(new URLSearchParams('?tab=details&week=2026-11-23'), '2026-11-30');
    expect(readPlanPageParams(next)).toEqual({ tab: 'schedule', week: '2026-11-30' });
  });

  it('another tab keeps the week shown and anything else in the address', () => {
    const next = paramsForTab(new URLSearchParams('?week=2026-11-30&tab=schedule&from=dashboard'), 'team');
    expect(next.get('tab')).toBe('team');
    expect(next.get('week')).toBe('2026-11-30');
    expect(next.get('from')).toBe('dashboard');
  });

  it('does not change the address it was given', () => {
    const params = new URLSearchParams('?tab=team');
    paramsForWeek(params, '2026-11-30');
    expect(params.toString()).toBe('tab=team');
  });
});
