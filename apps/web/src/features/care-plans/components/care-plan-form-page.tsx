import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { CARE_PLAN_MESSAGES, PLAN_TYPE_LABELS, PLAN_TYPES } from '@tavara/shared/care-plans/plan-codes';
import { carePlanInputSchema, shiftCodesFor, type CarePlanInput } from '@tavara/shared/care-plans/care-plans';
import { getShiftOption } from '@tavara/shared/codes/shift-options';
import { CARE_TIME_ZONE, isoDateIn } from '@tavara/shared/time/format';
import { Button } from '@/components/ui/button';
import {
  applyFieldErrors,
  Form,
  FormChoiceGroup,
  FormTextareaField,
  FormTextField,
  useZodForm,
} from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { isPlanOwner } from '@/domain/care-plans/plan-access';
import { planQuery, type PlanDetail } from '@/domain/care-plans/plan-queries';
import { ownRegistrationQuery, useCreatePlan, useUpdatePlan } from '../api/care-plans-api';
import { LoadingBlock, NoAccess, PageShell, planQueryGate, SignedInOnly } from '@/domain/care-plans/care-ui';

const choices = (codes: readonly string[]) =>
  codes.map((code) => ({ id: code, label: getShiftOption(code)?.label ?? code }));
const WEEKDAY_CHOICES = choices(shiftCodesFor('weekday'));
const WEEKEND_CHOICES = choices(shiftCodesFor('weekend'));
const EXTRA_CHOICES = choices(shiftCodesFor('any'));
const TYPE_CHOICES = PLAN_TYPES.map((type) => ({ id: type, label: PLAN_TYPE_LABELS[type] }));

/** Today in the plan's default zone (a new plan starts there), as the date field's YYYY-MM-DD. */
const todayInTrinidad = () => isoDateIn(new Date(), CARE_TIME_ZONE);

function emptyValues(recipientName = ''): CarePlanInput {
  return {
    title: '',
    description: '',
    recipientName,
    planType: 'scheduled',
    weekdayCoverage: [],
    weekendCoverage: [],
    extraShifts: [],
    customHours: '',
    startDate: todayInTrinidad(),
    endDate: '',
    notes: '',
  };
}

function valuesOf(plan: PlanDetail['plan']): CarePlanInput {
  return {
    title: plan.title,
    description: plan.description ?? '',
    recipientName: plan.recipientName,
    planType: plan.planType,
    weekdayCoverage: plan.weekdayCoverage as CarePlanInput['weekdayCoverage'],
    weekendCoverage: plan.weekendCoverage as CarePlanInput['weekendCoverage'],
    extraShifts: plan.extraShifts as CarePlanInput['extraShifts'],
    customHours: plan.customHours ?? '',
    startDate: plan.startDate,
    endDate: plan.endDate ?? '',
    notes: plan.notes ?? '',
    timeZone: plan.timeZone,
  };
}

function PlanForm({ initial, planId }: { initial: CarePlanInput; planId?: string }) {
  const navigate = useNavigate();
  const form = useZodForm(carePlanInputSchema, { defaultValues: initial });
  const create = useCreatePlan();
  const update = useUpdatePlan(planId ?? '');
  const busy = form.formState.isSubmitting;
  const extra = form.watch('extraShifts') ?? [];

  return (
    <Form
      form={form}
      summary
      className="flex flex-col gap-6"
      onSubmit={async (values) => {
        const json = { ...values, endDate: values.endDate ?? null } as CarePlanInput;
        try {
          const saved = planId ? await update.mutateAsync(json) : await create.mutateAsync(json);
          toast.success(
            planId ? 'Your changes are saved.' : 'Your care plan is ready. Next: make its shifts and invite your team.',
          );
          void navigate(`/family/care-management/${saved.plan.id}?tab=${planId ? 'details' : 'schedule'}`);
        } catch (error) {
          const fields = error instanceof ApiError ? error.fields : undefined;
          if (!applyFieldErrors(form, fields))
            toast.error(error instanceof ApiError ? error.message : 'Your plan could not be saved. Please try again.');
        }
      }}
    >
      <FormTextField
        control={form.control}
        name="title"
        label="Plan title"
        required
        placeholder="e.g., Weekday care for Mum"
      />
      <FormTextField
        control={form.control}
        name="recipientName"
        label="Who is receiving care?"
        required
        autoComplete="off"
      />
      <FormTextareaField control={form.control} name="description" label="Description" rows={3} />
      <FormChoiceGroup control={form.control} name="planType" legend="Plan type" choices={TYPE_CHOICES} required />
      <FormChoiceGroup
        control={form.control}
        name="weekdayCoverage"
        legend="Weekday coverage"
        choices={WEEKDAY_CHOICES}
        multiple
        hint="The shifts on Monday to Friday."
      />
      <FormChoiceGroup
        control={form.control}
        name="weekendCoverage"
        legend="Weekend coverage"
        choices={WEEKEND_CHOICES}
        multiple
      />
      <FormChoiceGroup
        control={form.control}
        name="extraShifts"
        legend="Extra shifts"
        choices={EXTRA_CHOICES}
        multiple
        hint="Flexible, live-in and custom hours are added one shift at a time."
      />
      {extra.includes('other') && (
        <FormTextField control={form.control} name="customHours" label="Describe the custom hours" required />
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        <FormTextField control={form.control} name="startDate" label="Start date" type="date" required />
        <FormTextField
          control={form.control}
          name="endDate"
          label="End date"
          type="date"
          hint="Leave empty if care continues."
        />
      </div>
      <FormTextareaField control={form.control} name="notes" label="Notes for the team" rows={3} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Saving...' : planId ? 'Save changes' : 'Create plan'}
        </Button>
        <Button asChild variant="secondary">
          <Link to={planId ? `/family/care-management/${planId}` : '/family/care-management'}>Cancel</Link>
        </Button>
      </div>
    </Form>
  );
}

function CreateBody() {
  const { user, role } = useAuth();
  const saved = useQuery({ ...ownRegistrationQuery(user?.id ?? ''), enabled: role === 'family' });
  // Only family accounts may make plans (the server refuses others): say so instead of a form.
  if (role !== 'family') {
    return (
      <NoAccess
        message={CARE_PLAN_MESSAGES.notFamilyAccount}
        hint="If a family invited you to their care team, accept the invitation and their plan is listed on your care management page."
        back={{ to: '/family/care-management', label: 'Go to care management' }}
      />
    );
  }
  if (saved.isPending) return <LoadingBlock label="Loading the form..." />;
  const name = saved.data?.answers.care_recipient_name;
  // The form reads its initial values once, when it mounts after the registration loaded.
  return <PlanForm initial={emptyValues(typeof name === 'string' ? name : '')} />;
}

function EditBody({ planId }: { planId: string }) {
  const plan = useQuery(planQuery(planId));
  const gate = planQueryGate(plan, {
    loading: 'Loading the plan...',
    failed: 'The plan could not load',
    back: { to: '/family/care-management', label: 'Back to care management' },
  });
  if (gate || !plan.data) return gate;
  if (!isPlanOwner(plan.data)) {
    return (
      <NoAccess
        message="Only the family who made this plan can change it."
        back={{ to: `/family/care-management/${planId}`, label: 'Back to the plan' }}
      />
    );
  }
  return <PlanForm initial={valuesOf(plan.data.plan)} planId={planId} />;
}

/** `/family/care-management/create` and `/family/care-management/create/:id` (edit). */
export function CarePlanFormPage({ planId }: { planId?: string }) {
  const title = planId ? 'Edit a care plan' : 'Create a care plan';
  return (
    <PageShell wide={false}>
      <SignedInOnly title={title} description="Sign in with your family account to make a care plan.">
        <h1 className="mb-2 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mb-8 text-lg text-ink-muted">Fields marked * are required. Times are Trinidad and Tobago time.</p>
        {planId ? <EditBody planId={planId} /> : <CreateBody />}
      </SignedInOnly>
    </PageShell>
  );
}
