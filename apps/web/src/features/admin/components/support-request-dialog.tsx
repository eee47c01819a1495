import { ROLE_LABELS } from '@tavara/shared/roles';
import type { SupportRequestStatus } from '@tavara/shared/support/contact-request.schema';
import { CheckCircle2, Clock, LoaderCircle, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { supportReplyInputSchema } from '@tavara/shared/caregiver-health/caregiver-support.schema';
import { Form, FormTextareaField, applyFieldErrors, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { supportScreenshotUrl, useReplyToSupport, useSetSupportStatus, useSupportRequest } from '../api/admin-api';
import { formatDateTime, VIEWER_TIME_ZONE } from '@tavara/shared/time/format';
import { PanelError, PanelLoading } from '@/components/query-panel';
import { SupportStatusBadge } from './support-status-badge';

const NEXT_STEPS: Record<SupportRequestStatus, Array<{ status: SupportRequestStatus; label: string }>> = {
  new: [
    { status: 'in_progress', label: 'Mark in progress' },
    { status: 'resolved', label: 'Mark resolved' },
  ],
  in_progress: [{ status: 'resolved', label: 'Mark resolved' }],
  resolved: [{ status: 'new', label: 'Reopen' }],
};

const STEP_ICONS: Record<SupportRequestStatus, typeof Clock> = {
  in_progress: Clock,
  resolved: CheckCircle2,
  new: RotateCcw,
};

/** One support request in full: message, sender, screenshot and the attached chat transcript. */
export function SupportRequestDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const request = useSupportRequest(id);
  const setStatus = useSetSupportStatus();

  let body;
  if (request.isPending) body = <PanelLoading label="Loading the request..." rows={3} />;
  else if (request.isError)
    body = (
      <PanelError
        title="This request could not be loaded"
        error={request.error}
        onRetry={() => void request.refetch()}
      />
    );
  else {
    const r = request.data;
    body = (
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-ink-muted">From</dt>
          <dd className="font-semibold break-words">{r.name}</dd>
          <dt className="text-ink-muted">E-mail</dt>
          <dd className="break-all">
            <a className="text-brand underline underline-offset-4" href={`mailto:${r.email}`}>
              {r.email}
            </a>
          </dd>
          <dt className="text-ink-muted">Sent</dt>
          <dd>{formatDateTime(r.createdAt, VIEWER_TIME_ZONE)}</dd>
          <dt className="text-ink-muted">Status</dt>
          <dd>
            <SupportStatusBadge status={r.status} />
          </dd>
          <dt className="text-ink-muted">E-mail to support</dt>
          <dd>
            {r.mailStatus === 'sent'
              ? 'Delivered'
              : r.mailStatus === 'failed'
                ? 'Failed — only stored here'
                : 'Pending'}
          </dd>
        </dl>
        <section aria-labelledby="support-message-heading">
          <h3 id="support-message-heading" className="font-semibold">
            Message
          </h3>
          <p className="mt-1 rounded-lg bg-canvas p-3 whitespace-pre-wrap break-words">{r.message}</p>
        </section>
        {r.screenshot && (
          <section aria-labelledby="support-screenshot-heading">
            <h3 id="support-screenshot-heading" className="font-semibold">
              Screenshot
            </h3>
            <a href={supportScreenshotUrl(r.id)} target="_blank" rel="noreferrer" className="mt-2 block">
              <img
                src={supportScreenshotUrl(r.id)}
                alt={`Screenshot sent by ${r.name}`}
                className="max-h-80 w-full rounded-lg border border-line object-contain"
              />
              <span className="mt-1 block text-sm text-brand underline underline-offset-4">Open full size</span>
            </a>
          </section>
        )}
        <RepliesSection id={r.id} replies={r.replies} signedInSender={r.userId !== null} />
        <section aria-labelledby="support-chat-heading">
          <h3 id="support-chat-heading" className="font-semibold">
            Attached chat
          </h3>
          {r.chatData ? (
            <>
              <p className="mt-1 text-sm text-ink-muted">
                {r.chatData.role ? ROLE_LABELS[r.chatData.role] : 'No role chosen'} · session {r.chatData.sessionId}
              </p>
              {r.chatData.transcript.length === 0 ? (
                <p className="mt-2 text-ink-muted">The chat had no messages yet.</p>
              ) : (
                <ol className="mt-2 flex max-h-72 flex-col gap-2 overflow-y-auto rounded-lg bg-canvas p-3">
                  {r.chatData.transcript.map((message, index) => (
                    <li
                      key={index}
                      className={cn(
                        'max-w-[85%] rounded-lg px-3 py-2',
                        message.isUser ? 'self-end bg-brand text-white' : 'self-start border border-line bg-surface',
                      )}
                    >
                      <span className="sr-only">{message.isUser ? 'Visitor: ' : 'Assistant: '}</span>
                      <span className="break-words whitespace-pre-wrap">{message.content}</span>
                      <time
                        dateTime={new Date(message.timestamp).toISOString()}
                        className={cn('mt-1 block text-xs', message.isUser ? 'text-white/85' : 'text-ink-muted')}
                      >
                        {formatDateTime(message.timestamp, VIEWER_TIME_ZONE)}
                      </time>
                    </li>
                  ))}
                </ol>
              )}
            </>
          ) : (
            <p className="mt-1 text-ink-muted">No chat was attached.</p>
          )}
        </section>
      </div>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent variant="sectioned" className="max-w-2xl">
        <div className="border-b border-line p-5">
          <DialogTitle>Support request #{id.slice(0, 8)}</DialogTitle>
          <DialogDescription className="mt-1">What the person wrote, and what they attached.</DialogDescription>
        </div>
        <div className="overflow-y-auto p-5">{body}</div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-line p-4">
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          {request.data &&
            NEXT_STEPS[request.data.status].map((step) => {
              const Icon = STEP_ICONS[step.status];
              const busy = setStatus.isPending && setStatus.variables?.status === step.status;
              return (
                <Button
                  key={step.status}
                  variant={step.status === 'resolved' ? 'primary' : 'secondary'}
                  aria-disabled={setStatus.isPending || undefined}
                  onClick={() => {
                    if (!setStatus.isPending) setStatus.mutate({ id, status: step.status });
                  }}
                >
                  {busy ? (
                    <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
                  ) : (
                    <Icon aria-hidden="true" className="size-5" />
                  )}
                  {step.label}
                </Button>
              );
            })}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The team's replies and a box for another. A signed-in sender sees replies with their request
 * (and is notified); someone who wrote without an account is answered by e-mail instead.
 */
function RepliesSection({
  id,
  replies,
  signedInSender,
}: {
  id: string;
  replies: Array<{ id: string; body: string; createdAt: string }>;
  signedInSender: boolean;
}) {
  const reply = useReplyToSupport();
  const form = useZodForm(supportReplyInputSchema, { defaultValues: { body: '' } });
  return (
    <section aria-labelledby="support-replies-heading">
      <h3 id="support-replies-heading" className="font-semibold">
        Replies
      </h3>
      {replies.length === 0 ? (
        <p className="mt-1 text-ink-muted">No reply yet.</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2">
          {replies.map((r) => (
            <li key={r.id} className="rounded-lg border border-line p-3">
              <p className="text-sm text-ink-muted">{formatDateTime(r.createdAt, VIEWER_TIME_ZONE)}</p>
              <p className="mt-1 break-words whitespace-pre-wrap">{r.body}</p>
            </li>
          ))}
        </ol>
      )}
      {signedInSender ? (
        <Form
          form={form}
          className="mt-3 flex flex-col gap-3"
          onSubmit={async (values) => {
            try {
              await reply.mutateAsync({ id, body: values.body });
              form.reset({ body: '' });
            } catch (error) {
              if (error instanceof ApiError) applyFieldErrors(form, error.fields);
            }
          }}
        >
          <FormTextareaField
            control={form.control}
            name="body"
            label="Your reply"
            hint="The person sees it with their request and is notified."
            rows={3}
            required
          />
          <div>
            <Button type="submit" aria-disabled={form.formState.isSubmitting || undefined}>
              {form.formState.isSubmitting ? 'Sending...' : 'Send reply'}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="mt-2 text-ink-muted">This was sent without an account: answer by e-mail to the address above.</p>
      )}
    </section>
  );
}
