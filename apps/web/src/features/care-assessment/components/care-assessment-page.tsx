import {
  ASSESSMENT_SECTIONS,
  assessmentSectionProblems,
  recipientKey,
  type AssessmentAnswers,
  type AssessmentField,
  type AssessmentRecipient,
  type AssessmentSection,
  type AssessmentSectionId,
  type SectionAnswers,
} from '@tavara/shared/care-assessment/care-assessment';
import { Check, ChevronLeft } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PanelError, PanelLoading } from '@/components/query-panel';
import { RecipientPicker } from '@/domain/people-cared-for/recipient-picker';
import { useCaredForChoice } from '@/domain/people-cared-for/use-cared-for-choice';
import { Button } from '@/components/ui/button';
import {
  applyFieldErrors,
  Form,
  FormChoiceGroup,
  FormField,
  FormTextareaField,
  FormTextField,
  useZodForm,
} from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useAssessments, useSaveSection } from '../api/care-assessment-api';

type Values = Record<string, string | string[]>;

/** A section's form values: saved answers, else registration's, else blank. */
function initialValues(
  section: AssessmentSection,
  saved: SectionAnswers | undefined,
  prefill: SectionAnswers | undefined,
): Values {
  const source = saved ?? prefill ?? {};
  return Object.fromEntries(section.fields.map((f) => [f.id, source[f.id] ?? (f.kind === 'multi' ? [] : '')]));
}

/** The same checks the server makes, beside each field. */
function sectionSchema(sectionId: string) {
  return z.record(z.string(), z.union([z.string(), z.array(z.string())])).superRefine((values, ctx) => {
    for (const [id, message] of Object.entries(assessmentSectionProblems(sectionId, values))) {
      ctx.addIssue({ code: 'custom', path: [id], message });
    }
  });
}

function AssessmentFieldInput({
  field,
  control,
}: {
  field: AssessmentField;
  control: ReturnType<typeof useZodForm<Values, Values>>['control'];
}) {
  const choices = (field.options ?? []).map((o) => ({
    id: o.code,
    label: o.label,
    ...(o.subtext ? { subtext: o.subtext } : {}),
  }));
  switch (field.kind) {
    case 'textarea':
      return <FormTextareaField control={control} name={field.id} label={field.label} hint={field.hint} rows={3} />;
    case 'multi':
      return (
        <FormChoiceGroup
          control={control}
          name={field.id}
          legend={field.label}
          hint={field.hint}
          choices={choices}
          multiple
        />
      );
    case 'select':
      // Few options read best as radios; a long list (regions, relationships) as the phone's own picker.
      return choices.length <= 3 ? (
        <FormChoiceGroup control={control} name={field.id} legend={field.label} hint={field.hint} choices={choices} />
      ) : (
        <FormField
          control={control}
          name={field.id}
          label={field.label}
          hint={field.hint}
          render={({ control: props, field: bound }) => (
            <select
              {...props}
              ref={bound.ref}
              name={bound.name}
              value={(bound.value as string | undefined) ?? ''}
              onChange={(event) => bound.onChange(event.target.value)}
              onBlur={bound.onBlur}
              className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink"
            >
              <option value="">Not chosen</option>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        />
      );
    case 'time':
      return (
        <FormTextField
          control={control}
          name={field.id}
          label={field.label}
          hint={field.hint}
          type="time"
          className="max-w-48"
        />
      );
    case 'phone':
      return (
        <FormTextField
          control={control}
          name={field.id}
          label={field.label}
          hint={field.hint}
          type="tel"
          autoComplete="tel"
        />
      );
    default:
      return <FormTextField control={control} name={field.id} label={field.label} hint={field.hint} />;
  }
}

function SectionForm({
  section,
  recipientName,
  saved,
  prefill,
  hidden,
  onSaved,
  onBack,
  last,
}: {
  section: AssessmentSection;
  recipientName: string;
  saved: SectionAnswers | undefined;
  prefill: SectionAnswers | undefined;
  hidden: boolean;
  onSaved: () => void;
  onBack: (() => void) | null;
  last: boolean;
}) {
  const schema = useMemo(() => sectionSchema(section.id), [section.id]);
  const form = useZodForm<Values, Values>(schema, { defaultValues: initialValues(section, saved, prefill) });
  const save = useSaveSection();
  const busy = form.formState.isSubmitting;
  const headingId = `section-${section.id}`;
  return (
    <section
      aria-labelledby={headingId}
      hidden={hidden}
      className="rounded-card border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id={headingId} className="text-2xl font-bold" tabIndex={-1}>
        {section.title}
      </h2>
      <p className="mt-1 text-ink-muted">{section.intro}</p>
      {!saved && prefill && (
        <Notice tone="info" className="mt-4">
          Some answers come from your registration. Check them and save this section.
        </Notice>
      )}
      <Form
        form={form}
        className="mt-5 flex flex-col gap-5"
        onSubmit={async (values) => {
          try {
            await save.mutateAsync({ section: section.id as AssessmentSectionId, recipientName, answers: values });
            toast.success(`${section.title} saved.`);
            form.reset(values);
            onSaved();
          } catch (error) {
            if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
              toast.error(
                error instanceof Error ? error.message : 'This section could not be saved. Please try again.',
              );
            }
          }
        }}
      >
        {section.fields.map((field) => (
          <AssessmentFieldInput key={field.id} field={field} control={form.control} />
        ))}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Saving...' : last ? 'Save this section' : 'Save and continue'}
          </Button>
          {onBack && (
            <Button variant="secondary" onClick={onBack}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              Previous section
            </Button>
          )}
        </div>
      </Form>
    </section>
  );
}

function Progress({ saved }: { saved: readonly string[] }) {
  const total = ASSESSMENT_SECTIONS.length;
  const percent = Math.round((saved.length / total) * 100);
  return (
    <div className="flex flex-col gap-2">
      <p id="assessment-progress" className="font-semibold">
        {saved.length} of {total} sections saved
      </p>
      <div
        role="progressbar"
        aria-labelledby="assessment-progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={saved.length}
        className="h-3 overflow-hidden rounded-full bg-canvas ring-1 ring-line"
      >
        <div className="h-full bg-family transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function RecipientAssessment({ recipient }: { recipient: AssessmentRecipient }) {
  const [current, setCurrent] = useState(0);
  const answers: AssessmentAnswers = recipient.assessment?.answers ?? {};
  const saved = recipient.assessment?.savedSections ?? [];
  const goTo = (index: number) => {
    setCurrent(index);
    // The new section's heading takes focus, so a screen reader and a phone both land on it.
    requestAnimationFrame(() => document.getElementById(`section-${ASSESSMENT_SECTIONS[index]?.id}`)?.focus());
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <nav
        aria-label="Assessment sections"
        className="flex flex-col gap-4 self-start rounded-card border border-line bg-surface p-4"
      >
        <Progress saved={saved} />
        <ol className="flex flex-col gap-1">
          {ASSESSMENT_SECTIONS.map((section, index) => {
            const done = saved.includes(section.id);
            return (
              <li key={section.id}>
                <button
                  type="button"
                  onClick={() => goTo(index)}
                  aria-current={index === current ? 'step' : undefined}
                  className={cn(
                    'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left hover:bg-brand-soft',
                    index === current && 'bg-family-soft font-semibold',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'grid size-6 shrink-0 place-items-center rounded-full border text-xs',
                      done ? 'border-success bg-success text-white' : 'border-line-strong text-ink-muted',
                    )}
                  >
                    {done ? <Check className="size-4" /> : index + 1}
                  </span>
                  <span>{section.title}</span>
                  <span className="sr-only">{done ? ' (saved)' : ' (not saved yet)'}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <div>
        {/* Every section stays mounted, so what is typed in one is kept while another is open. */}
        {ASSESSMENT_SECTIONS.map((section, index) => (
          <SectionForm
            key={`${recipientKey(recipient.recipientName)}-${section.id}`}
            section={section}
            recipientName={recipient.recipientName}
            saved={answers[section.id]}
            prefill={recipient.prefill[section.id]}
            hidden={index !== current}
            last={index === ASSESSMENT_SECTIONS.length - 1}
            onBack={index > 0 ? () => goTo(index - 1) : null}
            onSaved={() => {
              if (index < ASSESSMENT_SECTIONS.length - 1) goTo(index + 1);
            }}
          />
        ))}
        {recipient.planIds.length > 0 && (
          <p className="mt-4 text-ink-muted">
            The care team of{' '}
            <Link
              className="text-brand underline underline-offset-4"
              to={`/family/care-management/${recipient.planIds[0]}?tab=care`}
            >
              {recipient.recipientName}’s care plan
            </Link>{' '}
            reads this assessment under “Care details”.
          </p>
        )}
      </div>
    </div>
  );
}

function FamilyAssessment() {
  const list = useAssessments(true);
  const recipients = useMemo(() => list.data?.recipients ?? [], [list.data]);
  const { names, selected, record, choose } = useCaredForChoice(recipients);

  if (list.isPending) return <PanelLoading label="Loading the care needs assessment..." />;
  if (list.isError) {
    return (
      <PanelError
        title="The care needs assessment could not be loaded"
        error={list.error}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const contactPrefill = recipients[0]?.prefill.basic
    ? {
        basic: {
          primary_contact_name: recipients[0].prefill.basic['primary_contact_name'] ?? '',
          primary_contact_phone: recipients[0].prefill.basic['primary_contact_phone'] ?? '',
        },
      }
    : {};
  const current =
    record ?? (selected ? { recipientName: selected, assessment: null, prefill: contactPrefill, planIds: [] } : null);
  return (
    <div className="flex flex-col gap-6">
      <RecipientPicker names={names} selected={current?.recipientName ?? null} onSelect={choose} />
      {current && <RecipientAssessment key={recipientKey(current.recipientName)} recipient={current} />}
    </div>
  );
}

/** `/family/care-assessment` (issue 19, item 1): the care needs assessment, a section at a time. */
export function CareAssessmentPage() {
  const { user, role, loading } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="mb-6 border-l-8 border-family pl-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Care needs assessment</h1>
        <p className="mt-1 text-lg text-ink-muted">
          What care is needed, in your words. Each section is saved on its own, so you can stop and come back.
        </p>
      </header>
      {loading && !user ? (
        <PanelLoading label="Loading your account..." />
      ) : !user ? (
        <Notice tone="info" title="Sign in to fill in the assessment">
          <p>The assessment is kept with your family account and shared only with the care team you invite.</p>
          <Button asChild className="mt-3">
            <Link to="/auth">Sign in</Link>
          </Button>
        </Notice>
      ) : role !== 'family' ? (
        <Notice tone="info" title="This page is for family accounts">
          <p>Families describe the care their loved one needs here. Care teams read it in the care plan.</p>
        </Notice>
      ) : (
        <FamilyAssessment />
      )}
    </div>
  );
}
