import { replyInputSchema } from '@tavara/shared/boards/boards';
import { Lock } from 'lucide-react';
import { PanelError, PanelLoading } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form, FormTextareaField, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useSendThreadMessage, useThread } from '../api/boards-api';
import { formatPosted, LinkifiedText } from './board-ui';

/** A private conversation about a post: only its two people see it (the server checks). */
export function ThreadDialog({ threadId, onOpenChange }: { threadId: string; onOpenChange: (open: boolean) => void }) {
  const send = useSendThreadMessage();
  const query = useThread(threadId);
  const form = useZodForm(replyInputSchema, { defaultValues: { body: '' } });
  const busy = form.formState.isSubmitting;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent variant="sectioned" aria-describedby={undefined} className="max-w-xl">
        {query.isPending ? (
          <div className="p-5">
            <DialogTitle className="sr-only">Loading the conversation</DialogTitle>
            <PanelLoading label="Loading the conversation..." rows={3} />
          </div>
        ) : query.isError ? (
          <div className="p-5">
            <DialogTitle className="sr-only">The conversation could not be loaded</DialogTitle>
            <PanelError
              title="The conversation could not be loaded"
              error={query.error}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : (
          <>
            <div className="border-b border-line p-5">
              <DialogTitle>Conversation with {query.data.thread.other.name}</DialogTitle>
              <DialogDescription className="mt-1 flex items-center gap-1">
                <Lock aria-hidden="true" className="size-4 shrink-0" /> About “{query.data.thread.postTitle}”. Only the
                two of you can read this.
              </DialogDescription>
            </div>
            <ol className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-5" aria-label="Messages">
              {query.data.messages.map((m) => (
                <li
                  key={m.id}
                  className={cn(
                    'max-w-[85%] rounded-card border p-3',
                    m.isMine ? 'self-end border-brand/30 bg-brand-soft' : 'self-start border-line bg-surface',
                  )}
                >
                  <p className="text-sm text-ink-muted">
                    {m.isMine ? 'You' : query.data.thread.other.name} · {formatPosted(m.createdAt)}
                  </p>
                  <LinkifiedText text={m.body} className="mt-1" />
                </li>
              ))}
            </ol>
            <Form
              form={form}
              className="flex flex-col gap-3 border-t border-line p-5"
              onSubmit={async ({ body }) => {
                try {
                  // Resolves once the conversation shows the message.
                  await send.mutateAsync({ threadId, body });
                  form.reset({ body: '' });
                } catch (error) {
                  if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
                    toast.error(error instanceof Error ? error.message : 'Your message could not be sent.');
                  }
                }
              }}
            >
              <FormTextareaField control={form.control} name="body" label="Your message" rows={2} required />
              <Button type="submit" className="self-end" aria-disabled={busy || undefined}>
                {busy ? 'Sending...' : 'Send'}
              </Button>
            </Form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
