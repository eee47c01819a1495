import type { APIRequestContext } from '@playwright/test';
import { APP_URL } from '../auth/accounts';
import { expect } from '../fixtures';

/** What a journey may choose of its plan; the rest is the form's defaults. */
interface PlanChoices {
  title?: string;
  recipientName?: string;
  planType?: 'on_demand' | 'scheduled';
  weekdayCoverage?: string[];
  /** `YYYY-MM-DD`; today (UTC) unless given. */
  startDate?: string;
}

/**
 * A care plan made through the API by the signed-in family of `request`, for the journeys whose
 * subject is what happens around a plan (its circle, contact card, help, updates, medications,
 * matching); the plan form has its own journey (care-plans.spec.ts). An on-demand plan starting
 * today, for "Joyce Ramdass", unless `choices` says otherwise. Returns the plan's id.
 */
export async function createPlanByRequest(request: APIRequestContext, choices: PlanChoices = {}): Promise<string> {
  const created = await request.post('/api/care-plans', {
    headers: { origin: APP_URL },
    data: {
      title: 'Care for Mum',
      recipientName: 'Joyce Ramdass',
      planType: 'on_demand',
      weekdayCoverage: [],
      weekendCoverage: [],
      extraShifts: [],
      startDate: new Date().toISOString().slice(0, 10),
      endDate: null,
      description: null,
      notes: null,
      ...choices,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { plan: { id: string } }).plan.id;
}
