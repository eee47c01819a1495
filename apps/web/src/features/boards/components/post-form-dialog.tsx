import {
  postInputSchema,
  postTypesFor,
  POST_TYPE_OPTIONS,
  URGENCY_OPTIONS,
  type BoardPost,
  type PostInput,
  type PostType,
} from '@tavara/shared/boards/boards';
import { CARE_TYPE_OPTIONS } from '@tavara/shared/codes/care-types';
import { TT_REGION_OPTIONS } from '@tavara/shared/codes/tt-region-options';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  applyFieldErrors,
  Form,
  FormChoiceGroup,
  FormField,
  FormTextareaField,
  FormTextField,
  useZodForm,
} from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSavePost } from '../api/boards-api';

const SELECT_CLASS =
  'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink aria-[invalid=true]:border-danger';

const TYPE_WORDS: Record<PostType, { title: string; description: string; submit: string }> = {
  care_need: {
    title: 'Post Care Need',
    description: 'Care professionals see it on their board and can reply or message you privately.',
    submit: 'Post care need',
  },
  availability: {
    title: 'Post Availability',
    description: 'Families see it on their board and can reply or message you privately.',
    submit: 'Post availability',
  },
  discussion: {
    title: 'Start a discussion',
    description: 'A question or tip for others on this board.',
    submit: 'Post',
  },
};

/**
 * The post form, for a new post (of `type`) or to edit one of the author's own. What was typed
 * stays in the fields when the server refuses it; its messages appear beside the fields.
 */
export function PostFormDialog({
  open,
  onOpenChange,
  role,
  type,
  editing,
  onSaved,
  savedMessage = 'Your post is on the board.',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: string | null;
  type: PostType;
  editing?: BoardPost;
  onSaved?: (post: BoardPost) => void;
  /** The toast for a new post (one saved to the other board says where it went). */
  savedMessage?: string;
}) {
  const savePost = useSavePost();
  const form = useZodForm(postInputSchema, {
    defaultValues: editing
      ? {
          type: editing.type,
          title: editing.title,
          region: editing.region as PostInput['region'],
          urgency: editing.urgency,
          details: editing.details,
          careCodes: editing.careCodes as PostInput['careCodes'],
        }
      : { type, title: '', region: '', urgency: '', details: '', careCodes: [] },
  });
  const busy = form.formState.isSubmitting;
  const words = TYPE_WORDS[editing?.type ?? type];
  const allowedTypes = postTypesFor(role);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent variant="sectioned" aria-describedby="post-form-description">
        <div className="border-b border-line p-5">
          <DialogTitle>{editing ? 'Edit your post' : words.title}</DialogTitle>
          <DialogDescription id="post-form-description" className="mt-1">
            {words.description} Plain text only; web addresses become links.
          </DialogDescription>
        </div>
        <Form
          form={form}
          className="flex min-h-0 flex-1 flex-col"
          onSubmit={async (values) => {
            try {
              // Resolves once the boards show the post.
              const { post } = await savePost.mutateAsync({ id: editing?.id, values });
              toast.success(editing ? 'Your post was updated.' : savedMessage);
              onSaved?.(post);
              onOpenChange(false);
            } catch (error) {
              if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
                toast.error(error instanceof Error ? error.message : 'Your post could not be saved.');
              }
            }
          }}
        >
          <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-5">
            {editing && allowedTypes.length > 1 && (
              <FormChoiceGroup
                control={form.control}
                name="type"
                legend="Kind of post"
                choices={POST_TYPE_OPTIONS.filter((o) => allowedTypes.includes(o.code)).map((o) => ({
                  id: o.code,
                  label: o.label,
                }))}
              />
            )}
            <FormTextField control={form.control} name="title" label="Title" required maxLength={120} />
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="region"
                label="Region"
                required
                render={({ control, field }) => (
                  <select {...control} {...field} className={SELECT_CLASS}>
                    <option value="">Choose a region</option>
                    {TT_REGION_OPTIONS.map((o) => (
                      <option key={o.code} value={o.code}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )}
              />
              <FormField
                control={form.control}
                name="urgency"
                label={(editing?.type ?? type) === 'availability' ? 'Available from' : 'How soon'}
                required
                render={({ control, field }) => (
                  <select {...control} {...field} className={SELECT_CLASS}>
                    <option value="">Choose</option>
                    {URGENCY_OPTIONS.map((o) => (
                      <option key={o.code} value={o.code}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )}
              />
            </div>
            <FormTextareaField
              control={form.control}
              name="details"
              label="Details"
              required
              rows={5}
              hint="Say what is needed or offered, and when. Your phone number and e-mail are only shown to signed-in members."
            />
            <FormChoiceGroup
              control={form.control}
              name="careCodes"
              multiple
              legend={(editing?.type ?? type) === 'availability' ? 'Services you offer' : 'Care needed'}
              choices={CARE_TYPE_OPTIONS.map((o) => ({ id: o.code, label: o.label, subtext: o.subtext }))}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-3 border-t border-line p-5">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" aria-disabled={busy || undefined}>
              {busy ? 'Saving...' : editing ? 'Save changes' : words.submit}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
