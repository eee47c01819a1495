import { CircleAlert, MessageSquareText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  CONTACT_MESSAGES,
  contactFieldsSchema,
  MAX_SCREENSHOT_BYTES,
  type ContactChatData,
} from '@tavara/shared/support/contact-request.schema';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { sendContactRequest } from '../support-api';

type FieldName = 'name' | 'email' | 'message' | 'screenshot';

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current chat's transcript, when there is one to attach (read when the dialog opens). */
  chatData?: ContactChatData | null;
}

/**
 * Spec §2 "Contact Support dialog": Name, Email, Issue Description (4 rows), an optional
 * Screenshot (an image of at most 5 MB), Cancel and Submit ('Sending...' while busy). On failure
 * the values stay and the dialog says what went wrong; on success it closes with a toast.
 */
export default function ContactDialog({ open, onOpenChange, chatData = null }: ContactDialogProps) {
  const { user } = useAuth();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { message: useId(), screenshot: useId() };

  const chooseScreenshot = (file: File | undefined) => {
    setErrors((current) => ({ ...current, screenshot: undefined }));
    if (!file) return setScreenshot(null);
    if (!file.type.startsWith('image/')) {
      setErrors((current) => ({ ...current, screenshot: CONTACT_MESSAGES.screenshotNotImage }));
      return setScreenshot(null);
    }
    if (file.size > MAX_SCREENSHOT_BYTES) {
      setErrors((current) => ({ ...current, screenshot: CONTACT_MESSAGES.screenshotTooLarge }));
      return setScreenshot(null);
    }
    setScreenshot(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = contactFieldsSchema.safeParse({ name, email, message });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await sendContactRequest({ ...parsed.data, screenshot, chatData });
      toast.success(CONTACT_MESSAGES.sent);
      setMessage('');
      setScreenshot(null);
      onOpenChange(false);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setFailure(`${CONTACT_MESSAGES.failed} ${apiError?.message ?? 'Please try again.'}`);
      if (apiError?.fields) setErrors(apiError.fields as Partial<Record<FieldName, string>>);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle className="text-xl">Contact Support</DialogTitle>
        <DialogDescription className="mt-1">
          Tell us what went wrong or what you need. We reply to the email address you give.
        </DialogDescription>
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-4">
          {failure && (
            <Notice tone="error" role="alert">
              {failure}
            </Notice>
          )}
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            required
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            required
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.message} className="font-semibold">
              Issue Description
            </label>
            <textarea
              id={ids.message}
              name="message"
              rows={4}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? `${ids.message}-error` : undefined}
              required
              className={cn(
                'w-full rounded-lg border bg-surface px-3 py-2 text-base text-ink',
                errors.message ? 'border-danger ring-1 ring-danger' : 'border-line-strong',
              )}
            />
            {errors.message && (
              <p id={`${ids.message}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {errors.message}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.screenshot} className="font-semibold">
              Screenshot <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <p id={`${ids.screenshot}-hint`} className="-mt-1 text-sm text-ink-muted">
              An image of the problem, at most 5 MB.
            </p>
            <input
              id={ids.screenshot}
              name="screenshot"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => chooseScreenshot(event.target.files?.[0])}
              aria-invalid={errors.screenshot ? true : undefined}
              aria-describedby={`${ids.screenshot}-hint${errors.screenshot ? ` ${ids.screenshot}-error` : ''}`}
              className="min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base file:mr-3 file:rounded-md file:border-0 file:bg-brand-soft file:px-3 file:py-1 file:font-semibold file:text-brand-strong"
            />
            {errors.screenshot && (
              <p id={`${ids.screenshot}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {errors.screenshot}
              </p>
            )}
          </div>
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
        </form>
      </DialogContent>
    </Dialog>
  );
}
