import {
  CAREGIVER_SUPPORT_KIND_OPTIONS,
  CAREGIVER_SUPPORT_MESSAGES,
  caregiverSupportInputSchema,
  SUPPORT_CONTACT_OPTIONS,
  type CaregiverSupportInput,
} from '@tavara/shared/caregiver-health/caregiver-support.schema';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import {
  SUPPORT_REQUEST_STATUS_LABELS,
  type SupportRequestStatus,
} from '@tavara/shared/support/contact-request.schema';
import { useQuery } from '@tanstack/react-query';
import { HeartHandshake, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { applyFieldErrors, Form, FormChoiceGroup, FormTextareaField, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { CARE_TIME_ZONE, formatDateTime } from '@tavara/shared/time/format';
import { myRequestsQuery, useSendSupportRequest } from './api/caregiver-health-api';

function RequestForm() {
  const send = useSendSupportRequest();
  const form = useZodForm(caregiverSupportInputSchema, {
    defaultValues: { message: '' } as Partial<CaregiverSupportInput>,
  });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="flex flex-col gap-5 rounded-card border border-line bg-surface p-5 sm:p-6"
      onSubmit={async (values) => {
        try {
          await send.mutateAsync(values);
          form.reset({ message: '' } as never);
          toast.success(CAREGIVER_SUPPORT_MESSAGES.sent);
        } catch (error) {
          if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
            toast.error(error instanceof Error ? error.message : 'Your request could not be sent.');
          }
        }
      }}
    >
      <h2 className="text-xl font-bold">Ask for support</h2>
      <FormChoiceGroup
        control={form.control}
        name="kind"
        legend="What would help you?"
        required
        choices={CAREGIVER_SUPPORT_KIND_OPTIONS.map((o) => ({ id: o.code, label: o.label, subtext: o.subtext }))}
      />
      <FormTextareaField
        control={form.control}
        name="message"
        label="Tell us a little about it"
        rows={4}
        required
        hint="Only our support team reads this."
      />
      <FormChoiceGroup
        control={form.control}
        name="preferredContact"
        legend="How should we contact you?"
        required
        choices={SUPPORT_CONTACT_OPTIONS.map((o) => ({ id: o.code, label: o.label }))}
      />
      <Button type="submit" className="self-start" aria-disabled={busy || undefined}>
        {busy ? 'Sending...' : 'Send request'}
      </Button>
    </Form>
  );
}

function MyRequests() {
  const requests = useQuery(myRequestsQuery());
  return (
    <section aria-labelledby="my-requests-title" className="flex flex-col gap-3">
      <h2 id="my-requests-title" className="text-xl font-bold">
        Your requests
      </h2>
      <QueryPanel
        query={requests}
        loadingLabel="Loading your requests..."
        errorTitle="Your requests could not be loaded"
        isEmpty={(data) => data.requests.length === 0}
        empty={
          <PanelEmpty icon={<Inbox aria-hidden="true" className="size-8" />} title="No requests yet">
            When you ask for support, your request and our replies appear here.
          </PanelEmpty>
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-3">
            {data.requests.map((r) => (
              <li key={r.id} className="rounded-card border border-line bg-surface p-4">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">
                    {getCodeLabel(CAREGIVER_SUPPORT_KIND_OPTIONS, r.kind) ?? r.kind}
                  </span>
                  <span className="rounded-full border border-line bg-canvas px-2.5 py-0.5 text-sm">
                    {SUPPORT_REQUEST_STATUS_LABELS[r.status as SupportRequestStatus]}
                  </span>
                </p>
                <p className="mt-1 text-sm text-ink-muted">{formatDateTime(r.createdAt, CARE_TIME_ZONE)}</p>
                <p className="mt-2 break-words whitespace-pre-line">{r.message}</p>
                {r.replies.map((reply) => (
                  <div
                    key={reply.id}
                    className="mt-3 rounded-card border border-professional/30 bg-professional-soft p-3"
                  >
                    <p className="text-sm font-semibold text-professional">
                      Tavara support · {formatDateTime(reply.createdAt, CARE_TIME_ZONE)}
                    </p>
                    <p className="mt-1 break-words whitespace-pre-line">{reply.body}</p>
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
      </QueryPanel>
    </section>
  );
}

/** /caregiver/health (issue 20): "Caregiver Health & Support". */
export function CaregiverHealthPage() {
  const auth = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <HeartHandshake aria-hidden="true" className="size-8 text-professional" /> Caregiver Health &amp; Support
      </h1>
      <p className="mt-2 text-ink-muted">
        Caring for someone is demanding. Ask our team for one of four kinds of support; we reply here and reach you the
        way you choose.
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {CAREGIVER_SUPPORT_KIND_OPTIONS.map((o) => (
          <li key={o.code} className="rounded-card border border-line bg-surface p-4">
            <h2 className="font-semibold">{o.label}</h2>
            <p className="mt-1 text-ink-muted">{o.subtext}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-8">
        {auth.user ? (
          <>
            <RequestForm />
            <MyRequests />
          </>
        ) : auth.loading ? null : (
          <p className="rounded-card border border-line bg-surface p-5">
            <Link to="/auth" className="font-semibold text-brand underline underline-offset-2">
              {CAREGIVER_SUPPORT_MESSAGES.signIn}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
