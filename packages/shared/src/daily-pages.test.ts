import { describe, expect, it } from 'vitest';
import { DAILY_PAGES, matchDailyPage } from './daily-pages';
import { ROUTES, fillRouteParams } from './routes';

describe('the daily pages', () => {
  it('names a care plan, its medications and the schedule, with the plan', () => {
    expect(matchDailyPage('/family/care-management/p-1')).toEqual({ name: 'plan', planId: 'p-1' });
    expect(matchDailyPage('/family/care-management/p-1/')).toEqual({ name: 'plan', planId: 'p-1' });
    expect(matchDailyPage('/family/care-management/p-1/medications')).toEqual({ name: 'medications', planId: 'p-1' });
    expect(matchDailyPage('/professional/schedule')).toEqual({ name: 'schedule', planId: undefined });
  });

  it('leaves every other page alone, the new-plan form and a plan’s other tabs included', () => {
    for (const path of [
      '/',
      '/family/care-management',
      '/family/care-management/create',
      '/family/care-management/create/step-2',
      '/family/care-management/p-1/schedule',
      '/family/care-management/p-1/medications/extra',
      '/professional/schedule/extra',
      '/dashboard/family',
    ])
      expect(matchDailyPage(path), path).toBeNull();
  });

  it('no address matches two of them (the boot script takes the first that matches)', () => {
    const examples = [
      '/family/care-management/p-1',
      '/family/care-management/p-1/medications',
      '/professional/schedule',
    ];
    for (const path of examples)
      expect(
        DAILY_PAGES.filter((page) => new RegExp(page.pattern).test(path)),
        path,
      ).toHaveLength(1);
  });

  it('are each exactly one of the routes the app has', () => {
    for (const page of DAILY_PAGES) {
      const routes = ROUTES.filter((route) => new RegExp(page.pattern).test(fillRouteParams(route.path, 'p-1')));
      expect(
        routes.map((route) => route.path),
        page.name,
      ).toHaveLength(1);
    }
  });
});
