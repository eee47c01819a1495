import { Heart, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { commentInputSchema, type CommentInput } from '@tavara/shared/plan-updates/plan-updates';
import { formatDateTime } from '@tavara/shared/time/format';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Form, FormTextareaField, useZodForm } from '@/components/ui/form';
import { showSaveError } from '@/domain/care-plans/care-dialog';
import { Avatar, failedWith } from '@/domain/care-plans/care-ui';
import { toast } from '@/lib/toast';
import {
  useComment,
  useDeleteComment,
  useDeleteUpdate,
  useThankUpdate,
  type FeedComment,
  type FeedUpdate,
} from '../api/plan-updates-api';

type Removing = { kind: 'update'; id: string } | { kind: 'comment'; id: string } | null;

const newComment = (): CommentInput => ({ body: '', clientKey: crypto.randomUUID() });

function CommentForm({ update }: { update: FeedUpdate }) {
  const comment = useComment();
  const form = useZodForm(commentInputSchema, { defaultValues: newComment() });
  return (
    <Form
      form={form}
      className="flex flex-col gap-2"
      onSubmit={async (values) => {
        try {
          await comment.mutateAsync({ updateId: update.id, body: values.body, clientKey: values.clientKey! });
          form.reset(newComment());
        } catch (error) {
          showSaveError(form, error, 'The comment could not be posted. What you wrote is still here.');
        }
      }}
    >
      <FormTextareaField control={form.control} name="body" label="Write a comment" rows={2} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant="secondary" aria-disabled={form.formState.isSubmitting || undefined}>
          {form.formState.isSubmitting ? 'Posting...' : 'Post comment'}
        </Button>
      </div>
    </Form>
  );
}

function Comment({ comment, zone, onRemove }: { comment: FeedComment; zone: string; onRemove: () => void }) {
  return (
    <li className="rounded-lg bg-canvas p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold">{comment.author.name}</span>{' '}
          <span className="text-ink-muted">{formatDateTime(comment.createdAt, zone)}</span>
        </p>
        {comment.canRemove && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onRemove}
            aria-label={`Remove the comment by ${comment.author.name}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
      <p className="mt-1 break-words whitespace-pre-wrap">{comment.body}</p>
    </li>
  );
}

/** One update: who and when, the words, the photos, "thank you", comments, and the author's and family's actions. */
export function UpdateCard({
  update,
  zone,
  canReact,
  onEdit,
}: {
  update: FeedUpdate;
  zone: string;
  canReact: boolean;
  onEdit: (update: FeedUpdate) => void;
}) {
  const thank = useThankUpdate();
  const removeUpdate = useDeleteUpdate();
  const removeComment = useDeleteComment();
  const [removing, setRemoving] = useState<Removing>(null);
  const headingId = `update-${update.id}`;
  const thanks = update.thanks.count;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-card border border-line bg-surface p-5">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <Avatar name={update.author.name} photoUrl={update.author.photoUrl} />
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold break-words">
              {update.author.name}
            </h3>
            <p className="text-sm text-ink-muted">
              {formatDateTime(update.createdAt, zone)}
              {update.editedAt ? ' · edited' : ''}
            </p>
          </div>
        </div>
        <div className="flex gap-1">
          {update.yours && (
            <Button size="sm" variant="ghost" onClick={() => onEdit(update)}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Button>
          )}
          {update.canRemove && (
            <Button size="sm" variant="ghost" onClick={() => setRemoving({ kind: 'update', id: update.id })}>
              <Trash2 aria-hidden="true" className="size-4" /> Remove
            </Button>
          )}
        </div>
      </header>
      <p className="text-lg break-words whitespace-pre-wrap">{update.body}</p>
      {update.photos.length > 0 && (
        <ul aria-label="Photos" className={`grid gap-2 ${update.photos.length === 1 ? 'grid-cols-1' : 'grid-cols-2'}`}>
          {update.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer" aria-label={`Open photo ${i + 1} full size`}>
                <img
                  src={photo.url}
                  alt={`Photo ${i + 1} of ${update.photos.length} from ${update.author.name}`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="h-auto max-h-[28rem] w-full rounded-lg bg-canvas object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-3">
        {canReact && !update.yours ? (
          <Button
            size="sm"
            variant={update.thanks.byYou ? 'primary' : 'secondary'}
            aria-pressed={update.thanks.byYou}
            onClick={() =>
              thank.mutate(
                { updateId: update.id, on: !update.thanks.byYou },
                { onError: failedWith('That did not work. Please try again.') },
              )
            }
          >
            <Heart aria-hidden="true" className="size-4" /> {update.thanks.byYou ? 'Thanked' : 'Thank you'}
          </Button>
        ) : null}
        <span className="text-sm text-ink-muted">
          {thanks === 0 ? 'No thank-yous yet' : thanks === 1 ? '1 thank-you' : `${thanks} thank-yous`}
        </span>
        <span className="inline-flex items-center gap-1 text-sm text-ink-muted">
          <MessageCircle aria-hidden="true" className="size-4" />
          {update.commentCount === 1 ? '1 comment' : `${update.commentCount} comments`}
        </span>
      </div>
      {update.comments.length > 0 && (
        <ul aria-label={`Comments on ${update.author.name}’s update`} className="flex flex-col gap-2">
          {update.commentCount > update.comments.length && (
            <li className="text-sm text-ink-muted">The latest {update.comments.length} comments are shown.</li>
          )}
          {update.comments.map((c) => (
            <Comment key={c.id} comment={c} zone={zone} onRemove={() => setRemoving({ kind: 'comment', id: c.id })} />
          ))}
        </ul>
      )}
      {canReact && <CommentForm update={update} />}
      <AlertDialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>
            {removing?.kind === 'comment' ? 'Remove this comment?' : 'Remove this update?'}
          </AlertDialogTitle>
          <AlertDialogDescription className="mt-2">
            {removing?.kind === 'comment'
              ? 'Nobody will see it again.'
              : 'Its photos, thank-yous and comments go with it. Nobody will see it again.'}
          </AlertDialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialogCancel asChild>
              <Button variant="secondary">Keep it</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                onClick={() => {
                  if (!removing) return;
                  const done = {
                    onSuccess: () => toast.success('Removed.'),
                    onError: failedWith('That did not work. Please try again.'),
                  };
                  if (removing.kind === 'update') removeUpdate.mutate(removing.id, done);
                  else removeComment.mutate(removing.id, done);
                }}
              >
                Remove
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </article>
  );
}
