import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { X } from 'lucide-react';
import {
  photoProblem,
  UPDATE_LIMITS,
  UPDATE_MESSAGES as U,
  UPDATE_PHOTO_TYPES,
  updateBodySchema,
} from '@tavara/shared/plan-updates/plan-updates';
import { Button } from '@/components/ui/button';
import { FormField, FormTextareaField, useZodForm } from '@/components/ui/form';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import { toast } from '@/lib/toast';
import { useEditUpdate, usePostUpdate, type ComposerPhoto, type FeedUpdate } from '../api/plan-updates-api';

const composerSchema = z.object({
  body: updateBodySchema,
  photos: z.array(z.custom<ComposerPhoto>()).max(UPDATE_LIMITS.photosMax, U.tooManyPhotos),
});
type ComposerValues = z.input<typeof composerSchema>;

/** One picked or kept photo, shown as it will be posted, with a 44 px "remove" button. */
function PhotoPreview({ photo, index, onRemove }: { photo: ComposerPhoto; index: number; onRemove: () => void }) {
  const url = useMemo(() => (photo.kind === 'new' ? URL.createObjectURL(photo.file) : photo.url), [photo]);
  useEffect(() => () => void (photo.kind === 'new' && URL.revokeObjectURL(url)), [photo, url]);
  return (
    <li className="relative">
      <img src={url} alt={`Photo ${index + 1}`} className="aspect-square w-full rounded-card object-cover" />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        className="absolute top-1 right-1 size-11 p-0"
        aria-label={`Remove photo ${index + 1}`}
        onClick={onRemove}
      >
        <X aria-hidden="true" className="size-5" />
      </Button>
    </li>
  );
}

/**
 * The composer (a form-layer dialog): the words and up to four photos, checked as they are picked
 * (type and size, with the message beside the field) and previewed. What was typed and picked
 * stays when the dialog is closed or the post fails; it is cleared only once posted.
 */
export function UpdateComposer({
  planId,
  open,
  onOpenChange,
  editing,
}: {
  planId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The update being edited (its author's), or none for a new one. */
  editing?: FeedUpdate;
}) {
  const post = usePostUpdate(planId);
  const edit = useEditUpdate();
  const initial = (): ComposerValues => ({
    body: editing?.body ?? '',
    photos: editing?.photos.map((p) => ({ kind: 'kept' as const, id: p.id, url: p.url })) ?? [],
  });
  const form = useZodForm(composerSchema, { defaultValues: initial() });
  // A new key per update: a retried "Post" (a lost answer) is taken as the same update.
  const [clientKey, setClientKey] = useState(() => crypto.randomUUID());
  const picker = useRef<HTMLInputElement>(null);

  const pick = (files: FileList | null, current: ComposerPhoto[], onChange: (photos: ComposerPhoto[]) => void) => {
    const next = [...current];
    const problems: string[] = [];
    for (const file of files ?? []) {
      const problem = photoProblem(file);
      if (problem) problems.push(`${file.name}: ${problem}`);
      else if (next.length >= UPDATE_LIMITS.photosMax) problems.push(U.tooManyPhotos);
      else next.push({ kind: 'new', key: crypto.randomUUID(), file });
    }
    onChange(next);
    if (problems.length > 0) form.setError('photos', { type: 'pick', message: [...new Set(problems)].join(' ') });
    else form.clearErrors('photos');
    if (picker.current) picker.current.value = '';
  };

  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit your update' : 'Post an update'}
      description="Everyone in the care circle and on the team reads updates. Keep medications and care details out of them."
      form={form}
      failure="The update could not be posted. What you wrote is still here; please try again."
      submitLabel={editing ? 'Save changes' : 'Post update'}
      onSubmit={async (values) => {
        const body = values.body;
        if (editing) {
          await edit.mutateAsync({ id: editing.id, body, photos: values.photos });
          toast.success('Update saved.');
        } else {
          await post.mutateAsync({ body, photos: values.photos, clientKey });
          toast.success('Update posted. Your circle and team are told.');
          setClientKey(crypto.randomUUID());
          form.reset({ body: '', photos: [] });
        }
        onOpenChange(false);
      }}
    >
      <FormTextareaField control={form.control} name="body" label="What would you like to share?" rows={5} required />
      <FormField
        control={form.control}
        name="photos"
        label="Photos"
        hint={`Up to ${UPDATE_LIMITS.photosMax} JPEG, PNG or WebP pictures, each under ${UPDATE_LIMITS.photoBytesMax / 1024 / 1024} MB. Their location data is removed.`}
        render={({ control, field }) => {
          const photos = (field.value ?? []) as ComposerPhoto[];
          return (
            <div className="flex flex-col gap-3">
              {photos.length > 0 && (
                <ul aria-label="Photos to post" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {photos.map((photo, i) => (
                    <PhotoPreview
                      key={photo.kind === 'new' ? photo.key : photo.id}
                      photo={photo}
                      index={i}
                      onRemove={() => {
                        field.onChange(photos.filter((p) => p !== photo));
                        form.clearErrors('photos');
                      }}
                    />
                  ))}
                </ul>
              )}
              <input
                {...control}
                ref={(el) => {
                  picker.current = el;
                  field.ref(el);
                }}
                type="file"
                multiple
                accept={UPDATE_PHOTO_TYPES.join(',')}
                onBlur={field.onBlur}
                onChange={(e) => pick(e.currentTarget.files, photos, field.onChange)}
                className="min-h-11 w-full text-base file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-4 file:font-semibold file:text-ink"
              />
            </div>
          );
        }}
      />
    </CareFormDialog>
  );
}
