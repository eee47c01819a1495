import { z } from 'zod';

/**
 * Subscription plans as data (issue 19, item 6; product notes "Subscriptions"). Online payment is
 * not built, so every account is on its free plan and nothing in the app is gated by a plan: the
 * paid tiers list what they are planned to add, and people can register interest (stored, seen
 * by admins). Product notes, lesson 8: the earlier version's "payment" was a toast.
 */

export type PlanAudience = 'family' | 'professional';

export interface SubscriptionPlan {
  readonly code: string;
  readonly audience: PlanAudience;
  readonly name: string;
  /** Monthly price in Trinidad and Tobago dollars (TT$); 0 for the free plans. */
  readonly priceTtd: number;
  readonly summary: string;
  /** Available today, free, to everyone on this plan. */
  readonly included: readonly string[];
  /** What the paid plan is planned to add (not built yet, so not sold yet). */
  readonly planned: readonly string[];
}

export const PLAN_CURRENCY_NOTE =
  'Prices are in Trinidad and Tobago dollars (TT$), per month. Cancelling will be one click.';

export const SUBSCRIPTION_PLANS = [
  {
    code: 'family_basic',
    audience: 'family',
    name: 'Family Basic',
    priceTtd: 0,
    summary: 'Everything Tavara does today, free.',
    included: [
      'Registration and your family dashboard',
      'Care plans, care team invitations and shifts',
      'Medication tracking',
      'Care needs assessment and your loved one’s story',
    ],
    planned: [],
  },
  {
    code: 'family_plus',
    audience: 'family',
    name: 'Family Plus',
    priceTtd: 14.99,
    summary: 'For families coordinating care week to week.',
    included: [],
    planned: ['Care reports you can share with the doctor', 'Task and routine templates', 'Meal planning'],
  },
  {
    code: 'family_premium',
    audience: 'family',
    name: 'Family Premium',
    priceTtd: 29.99,
    summary: 'For families with round-the-clock care.',
    included: [],
    planned: ['Everything in Family Plus', 'Emergency alerts', 'On-demand care requests'],
  },
  {
    code: 'professional_basic',
    audience: 'professional',
    name: 'Professional Basic',
    priceTtd: 0,
    summary: 'Everything Tavara does today, free.',
    included: [
      'Your professional profile',
      'Your schedule and care team assignments',
      'Training modules and certificates',
    ],
    planned: [],
  },
  {
    code: 'professional_pro',
    audience: 'professional',
    name: 'Professional Pro',
    priceTtd: 19.99,
    summary: 'For independent caregivers building a practice.',
    included: [],
    planned: ['Invoicing families', 'Calendar integration', 'Advanced training'],
  },
  {
    code: 'professional_agency',
    audience: 'professional',
    name: 'Professional Agency',
    priceTtd: 34.99,
    summary: 'For agencies with a team of caregivers.',
    included: [],
    planned: ['Everything in Professional Pro', 'HR and admin tools for your team', 'Agency training hub'],
  },
] as const satisfies readonly SubscriptionPlan[];

export type PlanCode = (typeof SUBSCRIPTION_PLANS)[number]['code'];
export const PLAN_CODES = SUBSCRIPTION_PLANS.map((p) => p.code) as [PlanCode, ...PlanCode[]];
export const PAID_PLAN_CODES = SUBSCRIPTION_PLANS.filter((p) => p.priceTtd > 0).map((p) => p.code) as PlanCode[];
export const paidPlanCodeSchema = z.enum(PLAN_CODES).refine((code) => PAID_PLAN_CODES.includes(code), {
  message: 'Interest can be registered for a paid plan only.',
});

export function getPlan(code: string): SubscriptionPlan | undefined {
  return SUBSCRIPTION_PLANS.find((plan) => plan.code === code);
}

/** The free plan everyone with this role is on (community members and admins: the family one's terms). */
export function currentPlanFor(role: string | null | undefined): SubscriptionPlan {
  return role === 'professional' ? SUBSCRIPTION_PLANS[3] : SUBSCRIPTION_PLANS[0];
}

export const SUBSCRIPTION_MESSAGES = {
  paymentUnavailable: 'Online payment is not available yet',
  interestRecorded: 'Thank you — we will tell you when this plan can be bought.',
  interestWithdrawn: 'Your interest is withdrawn.',
  signInAction: 'register interest in a plan',
} as const;

/** `POST /api/subscription/interest` */
export const interestBodySchema = z.object({ planCode: paidPlanCodeSchema });

/** `GET /api/subscription` */
export interface MySubscription {
  readonly currentPlan: PlanCode;
  readonly interests: { planCode: PlanCode; createdAt: string }[];
}

/** `GET /api/admin/subscription-interest` */
export interface AdminInterestResponse {
  readonly counts: { planCode: PlanCode; count: number }[];
  readonly entries: { planCode: PlanCode; email: string; name: string; role: string | null; createdAt: string }[];
}
