import {
  DOCUMENT_KIND_OPTIONS,
  DOCUMENT_MESSAGES,
  documentFieldsSchema,
  MAX_DOCUMENT_BYTES,
  type DocumentFields,
} from '@tavara/shared/professional-profile/professional-documents';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { BadgeCheck, FileText, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { applyFieldErrors, Form, FormChoiceGroup, FormField, FormTextField, useZodForm } from '@/components/ui/form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { documentFileUrl, useDeleteDocument, useUploadDocument, useMyDocuments } from '../api/professional-profile-api';

// The file is checked here for presence and size only; its type is decided by the server from
// its content (a renamed file is refused there, beside this field).
const uploadSchema = documentFieldsSchema.extend({
  file: z
    .instanceof(File, { message: DOCUMENT_MESSAGES.fileMissing })
    .refine((file) => file.size <= MAX_DOCUMENT_BYTES, { message: DOCUMENT_MESSAGES.fileTooLarge }),
});

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** Certifications and the police Certificate of Character: private to the professional and our team. */
export function DocumentsPanel() {
  const upload = useUploadDocument();
  const documents = useMyDocuments();
  const remove = useDeleteDocument();
  const form = useZodForm(uploadSchema, {
    defaultValues: { kind: undefined, title: '', file: undefined } as unknown as Partial<
      DocumentFields & { file: File }
    >,
  });
  const busy = form.formState.isSubmitting;

  return (
    <section aria-labelledby="documents-title" className="rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="documents-title" className="text-xl font-bold">
        Documents
      </h2>
      <p className="mt-1 text-ink-muted">
        Only you and the Tavara team can open these. Our team checks each one and marks it “
        {DOCUMENT_MESSAGES.verifiedBadge}”.
      </p>
      <div className="mt-4">
        <QueryPanel
          query={documents}
          loadingLabel="Loading your documents..."
          errorTitle="Your documents could not be loaded"
          isEmpty={(data) => data.documents.length === 0}
          empty={
            <PanelEmpty icon={<FileText aria-hidden="true" className="size-8" />} title="No documents yet">
              Upload your certifications and police Certificate of Character below.
            </PanelEmpty>
          }
        >
          {(data) => (
            <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
              {data.documents.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <a
                      href={documentFileUrl(doc.id)}
                      target="_blank"
                      rel="noopener"
                      className="font-semibold text-brand underline underline-offset-2"
                    >
                      {doc.title}
                    </a>
                    <p className="text-sm text-ink-muted">
                      {getCodeLabel(DOCUMENT_KIND_OPTIONS, doc.kind)} ·{' '}
                      {doc.fileType === 'application/pdf' ? 'PDF' : 'Image'} · {sizeText(doc.fileBytes)}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    {doc.verified ? (
                      <span className="inline-flex items-center gap-1 rounded-full border border-success/30 bg-success-soft px-2.5 py-0.5 text-sm font-medium text-success">
                        <BadgeCheck aria-hidden="true" className="size-4" /> {DOCUMENT_MESSAGES.verifiedBadge}
                      </span>
                    ) : (
                      <span className="rounded-full border border-line bg-canvas px-2.5 py-0.5 text-sm text-ink-muted">
                        Waiting for our check
                      </span>
                    )}
                    <Button
                      variant="ghost"
                      aria-label={`Delete ${doc.title}`}
                      aria-disabled={remove.isPending || undefined}
                      onClick={() =>
                        remove.mutate(doc.id, {
                          onSuccess: () => toast.success('The document was deleted.'),
                          onError: (error) => toast.error(error.message),
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" className="size-5" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryPanel>
      </div>
      <Form
        form={form}
        className="mt-6 flex flex-col gap-4"
        onSubmit={async (values) => {
          const data = new FormData();
          data.set('kind', values.kind);
          data.set('title', values.title);
          data.set('file', values.file);
          try {
            // Resolves once the list shows the new document.
            await upload.mutateAsync(data);
            form.reset({ title: '' } as never);
            toast.success('Uploaded. Our team will check it.');
          } catch (error) {
            if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
              toast.error(error instanceof Error ? error.message : 'The upload did not work.');
            }
          }
        }}
      >
        <h3 className="text-lg font-semibold">Upload a document</h3>
        <FormChoiceGroup
          control={form.control}
          name="kind"
          legend="Kind of document"
          required
          choices={DOCUMENT_KIND_OPTIONS.map((o) => ({ id: o.code, label: o.label }))}
        />
        <FormTextField control={form.control} name="title" label="Name of the document" required maxLength={120} />
        <FormField
          control={form.control}
          name="file"
          label="File"
          hint="A PDF or a photo (JPEG, PNG or WebP), at most 10 MB."
          required
          render={({ control, field }) => (
            <input
              {...control}
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              type="file"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              className="min-h-11 rounded-lg border border-line-strong bg-surface p-2"
              onChange={(event) => field.onChange(event.target.files?.[0])}
            />
          )}
        />
        <Button type="submit" variant="professional" className="self-start" aria-disabled={busy || undefined}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </Form>
    </section>
  );
}
