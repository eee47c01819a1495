import { BOARD_MESSAGES, replyInputSchema, reportInputSchema, type BoardPost } from '@tavara/shared/boards/boards';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { CARE_TYPE_OPTIONS } from '@tavara/shared/codes/care-types';
import { useQuery } from '@tanstack/react-query';
import { Flag, Lock, MapPin, MessageSquare, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelError, PanelLoading } from '@/components/query-panel';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form, FormTextareaField, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { postQuery, useDeletePost, useReplyToPost, useReportPost, useStartThread } from '../api/boards-api';
import { formatPosted, LinkifiedText, regionLabel, TypePill, UrgencyPill } from './board-ui';

function ReplyForm({
  label,
  submitLabel,
  onSend,
}: {
  label: string;
  submitLabel: string;
  onSend: (body: string) => Promise<void>;
}) {
  const form = useZodForm(replyInputSchema, { defaultValues: { body: '' } });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="flex flex-col gap-3"
      onSubmit={async ({ body }) => {
        try {
          await onSend(body);
          form.reset({ body: '' });
        } catch (error) {
          if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
            toast.error(error instanceof Error ? error.message : 'It could not be sent.');
          }
        }
      }}
    >
      <FormTextareaField control={form.control} name="body" label={label} rows={3} required />
      <Button type="submit" className="self-end" aria-disabled={busy || undefined}>
        {busy ? 'Sending...' : submitLabel}
      </Button>
    </Form>
  );
}

function ReportForm({ postId, onDone }: { postId: string; onDone: () => void }) {
  const reportPost = useReportPost();
  const form = useZodForm(reportInputSchema, { defaultValues: { reason: '' } });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="flex flex-col gap-3 rounded-card border border-line bg-canvas p-4"
      onSubmit={async ({ reason }) => {
        try {
          const result = await reportPost.mutateAsync({ id: postId, reason });
          toast.success(
            result.reported ? 'Thank you. Our team will look at this post.' : BOARD_MESSAGES.alreadyReported,
          );
          onDone();
        } catch (error) {
          if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
            toast.error(error instanceof Error ? error.message : 'The report could not be sent.');
          }
        }
      }}
    >
      <FormTextareaField
        control={form.control}
        name="reason"
        label="What is wrong with this post?"
        hint="Only our team sees your report."
        rows={2}
        required
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" aria-disabled={busy || undefined}>
          {busy ? 'Sending...' : 'Send report'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * One post with its replies: reply in public, message the author privately, report it, or —
 * for its author — edit or delete it. Signed-out visitors read it (without contact details).
 */
export function PostDialog({
  postId,
  signedIn,
  onOpenChange,
  onEdit,
  onOpenThread,
}: {
  postId: string;
  signedIn: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit: (post: BoardPost) => void;
  onOpenThread: (threadId: string) => void;
}) {
  const query = useQuery(postQuery(postId));
  const [mode, setMode] = useState<'read' | 'report' | 'private'>('read');
  // Each resolves once the boards show the change.
  const deletePost = useDeletePost();
  const startThread = useStartThread();
  const replyToPost = useReplyToPost();

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent variant="sectioned" aria-describedby={undefined} className="max-w-2xl">
        {query.isPending ? (
          <div className="p-5">
            <DialogTitle className="sr-only">Loading the post</DialogTitle>
            <PanelLoading label="Loading the post..." rows={3} />
          </div>
        ) : query.isError ? (
          <div className="p-5">
            <DialogTitle className="sr-only">The post could not be loaded</DialogTitle>
            <PanelError
              title="The post could not be loaded"
              error={query.error}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          </div>
        ) : (
          (() => {
            const { post, replies, canReply } = query.data;
            return (
              <>
                <div className="border-b border-line p-5">
                  <div className="flex flex-wrap items-center gap-2">
                    <TypePill type={post.type} />
                    <UrgencyPill urgency={post.urgency} />
                    {post.hidden && (
                      <span className="rounded-full border border-danger/30 bg-danger-soft px-2.5 py-0.5 text-sm font-medium text-danger">
                        Hidden by our team
                      </span>
                    )}
                  </div>
                  <DialogTitle className="mt-3 text-2xl">{post.title}</DialogTitle>
                  <DialogDescription className="mt-1 flex flex-wrap items-center gap-x-3">
                    <span className="inline-flex items-center gap-1">
                      <MapPin aria-hidden="true" className="size-4" /> {regionLabel(post.region)}
                    </span>
                    <span>
                      {post.author.name} · {formatPosted(post.createdAt)}
                      {post.editedAt && ' (edited)'}
                    </span>
                  </DialogDescription>
                </div>
                <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-5">
                  <LinkifiedText text={post.details} />
                  {post.careCodes.length > 0 && (
                    <ul className="flex flex-wrap gap-2" aria-label="Care">
                      {post.careCodes.map((code) => (
                        <li key={code} className="rounded-full bg-canvas px-3 py-1 text-sm">
                          {getCodeLabel(CARE_TYPE_OPTIONS, code) ?? code}
                        </li>
                      ))}
                    </ul>
                  )}
                  {!signedIn && <p className="text-sm text-ink-muted">{BOARD_MESSAGES.contactHidden}</p>}
                  <div className="flex flex-wrap gap-2">
                    {post.isMine ? (
                      <>
                        <Button variant="secondary" onClick={() => onEdit(post)}>
                          <Pencil aria-hidden="true" className="size-5" /> Edit
                        </Button>
                        <DeletePostButton
                          onDelete={async () => {
                            try {
                              await deletePost.mutateAsync(post.id);
                              toast.success('Your post was deleted.');
                              onOpenChange(false);
                            } catch (error) {
                              toast.error(error instanceof Error ? error.message : 'The post could not be deleted.');
                            }
                          }}
                        />
                      </>
                    ) : (
                      signedIn && (
                        <>
                          {canReply && post.type !== 'discussion' && (
                            <Button variant="secondary" onClick={() => setMode('private')}>
                              <Lock aria-hidden="true" className="size-5" /> Message privately
                            </Button>
                          )}
                          <Button variant="secondary" onClick={() => setMode('report')}>
                            <Flag aria-hidden="true" className="size-5" /> Report
                          </Button>
                        </>
                      )
                    )}
                  </div>
                  {mode === 'report' && <ReportForm postId={post.id} onDone={() => setMode('read')} />}
                  {mode === 'private' && (
                    <div className="rounded-card border border-line bg-canvas p-4">
                      <ReplyForm
                        label={`Private message to ${post.author.name}`}
                        submitLabel="Send privately"
                        onSend={async (body) => {
                          const { threadId } = await startThread.mutateAsync({ postId: post.id, body });
                          toast.success('Sent. Only the two of you can read this conversation.');
                          onOpenThread(threadId);
                        }}
                      />
                    </div>
                  )}
                  <section aria-labelledby="replies-title" className="flex flex-col gap-3">
                    <h3 id="replies-title" className="flex items-center gap-2 text-lg font-semibold">
                      <MessageSquare aria-hidden="true" className="size-5" /> Replies ({replies.length})
                    </h3>
                    {replies.length === 0 ? (
                      <p className="text-ink-muted">No replies yet.</p>
                    ) : (
                      <ol className="flex flex-col gap-3">
                        {replies.map((reply) => (
                          <li key={reply.id} className="rounded-card border border-line p-3">
                            <p className="text-sm text-ink-muted">
                              <span className="font-semibold text-ink">{reply.author.name}</span> ·{' '}
                              {formatPosted(reply.createdAt)}
                            </p>
                            <LinkifiedText text={reply.body} className="mt-1" />
                          </li>
                        ))}
                      </ol>
                    )}
                    {signedIn ? (
                      canReply ? (
                        <ReplyForm
                          label="Your reply"
                          submitLabel="Reply"
                          onSend={async (body) => {
                            await replyToPost.mutateAsync({ id: post.id, body });
                          }}
                        />
                      ) : (
                        <p className="text-ink-muted">{BOARD_MESSAGES.notAudience}</p>
                      )
                    ) : (
                      <p>
                        <Link to="/auth" className="font-semibold text-brand underline underline-offset-2">
                          {BOARD_MESSAGES.signInToReply}
                        </Link>
                      </p>
                    )}
                  </section>
                </div>
              </>
            );
          })()
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Delete, asked first in the app's own alert dialog (not the browser's): it says what goes with it. */
function DeletePostButton({ onDelete }: { onDelete: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-5" /> Delete
      </Button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete this post?</AlertDialogTitle>
          <AlertDialogDescription className="mt-2">
            The post and its replies are removed from the board. This cannot be undone.
          </AlertDialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialogCancel asChild>
              <Button variant="secondary">Keep it</Button>
            </AlertDialogCancel>
            <Button
              aria-disabled={busy || undefined}
              onClick={async () => {
                if (busy) return;
                setBusy(true);
                await onDelete();
                setBusy(false);
                setOpen(false);
              }}
            >
              {busy ? 'Deleting...' : 'Delete post'}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
