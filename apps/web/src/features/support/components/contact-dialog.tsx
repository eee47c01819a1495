import { MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import {
  CONTACT_MESSAGES,
  contactFieldsSchema,
  MAX_SCREENSHOT_BYTES,
  type ContactChatData,
} from '@tavara/shared/support/contact-request.schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form, FormField, FormTextareaField, FormTextField, useZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { sendContactRequest } from '../support-api';

/**
 * The form's values: the shared three fields (the server checks the same schema) plus the
 * screenshot, which the dialog checks as soon as it is chosen (type and size; the server then
 * checks its content).
 */
const contactFormSchema = contactFieldsSchema.extend({ screenshot: z.instanceof(File).nullable() });

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus on close when the control that opened the form is gone (a closed menu's item). */
  returnFocusTo?: () => HTMLElement | null;
  /** The current chat's transcript, when there is one to attach (read when the dialog opens). */
  chatData?: ContactChatData | null;
}

/**
 * Spec §2 "Contact Support dialog": Name, Email, Issue Description (4 rows), an optional
 * Screenshot (an image of at most 5 MB), Cancel and Submit ('Sending...' while busy). On failure
 * the values stay and the dialog says what went wrong; on success it closes with a toast.
 */
export default function ContactDialog({ open, onOpenChange, chatData = null, returnFocusTo }: ContactDialogProps) {
  const { user } = useAuth();
  const form = useZodForm(contactFormSchema, {
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', message: '', screenshot: null },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const chooseScreenshot = (file: File | undefined) => {
    form.clearErrors('screenshot');
    form.setValue('screenshot', null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      form.setError('screenshot', { type: 'type', message: CONTACT_MESSAGES.screenshotNotImage });
      return;
    }
    if (file.size > MAX_SCREENSHOT_BYTES) {
      form.setError('screenshot', { type: 'size', message: CONTACT_MESSAGES.screenshotTooLarge });
      return;
    }
    form.setValue('screenshot', file);
  };

  const submit = async ({ screenshot, ...fields }: z.output<typeof contactFormSchema>) => {
    setFailure(null);
    try {
      await sendContactRequest({ ...fields, screenshot, chatData });
      toast.success(CONTACT_MESSAGES.sent);
      form.resetField('message');
      form.setValue('screenshot', null);
      onOpenChange(false);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setFailure(`${CONTACT_MESSAGES.failed} ${apiError?.message ?? 'Please try again.'}`);
      applyFieldErrors(form, apiError?.fields);
    }
  };

  const changeOpen = (next: boolean) => {
    if (busy) return;
    // The typed words stay for the next opening; the file input does not, so neither does its file.
    if (!next) {
      form.setValue('screenshot', null);
      form.clearErrors('screenshot');
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent returnFocusTo={returnFocusTo}>
        <DialogTitle className="text-xl">Contact Support</DialogTitle>
        <DialogDescription className="mt-1">
          Tell us what went wrong or what you need. We reply to the email address you give.
        </DialogDescription>
        <Form form={form} onSubmit={submit} className="mt-5 flex flex-col gap-4">
          {failure && (
            <Notice tone="error" role="alert">
              {failure}
            </Notice>
          )}
          <FormTextField control={form.control} name="name" label="Name" autoComplete="name" required />
          <FormTextField control={form.control} name="email" label="Email" type="email" required />
          <FormTextareaField control={form.control} name="message" label="Issue Description" rows={4} required />
          <FormField
            control={form.control}
            name="screenshot"
            label={
              <>
                Screenshot <span className="font-normal text-ink-muted">(optional)</span>
              </>
            }
            hint="An image of the problem, at most 5 MB."
            render={({ control, field }) => (
              <input
                {...control}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(event) => chooseScreenshot(event.target.files?.[0])}
                className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base file:mr-3 file:rounded-md file:border-0 file:bg-brand-soft file:px-3 file:py-1 file:font-semibold file:text-brand-strong"
              />
            )}
          />
          {chatData && (
            <p className="flex items-center gap-2 rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-strong">
              <MessageSquareText aria-hidden="true" className="size-4 shrink-0" />
              {CONTACT_MESSAGES.chatIncluded}
            </p>
          )}
          <div className="mt-2 flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" aria-disabled={busy || undefined}>
              {busy ? 'Sending...' : 'Submit'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
