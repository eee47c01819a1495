import { Camera, UserRound } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MESSAGES,
  PROFILE_PHOTO_TYPES,
} from '@tavara/shared/registration/registration';
import { FieldError } from '@/components/ui/field-message';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { uploadProfilePhoto } from '../api/registration-api';

/**
 * Profile photo (optional): uploads as soon as one is chosen. The browser's quick checks (type
 * and size) save a slow upload on mobile data; the server checks the content again.
 */
export function PhotoField({ photoUrl, onUploaded }: { photoUrl: string | null; onUploaded: (url: string) => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(PROFILE_PHOTO_MESSAGES.type);
    if (file.size > PROFILE_PHOTO_MAX_BYTES) return setError(PROFILE_PHOTO_MESSAGES.size);
    setError(undefined);
    setBusy(true);
    try {
      const { photoUrl: url } = await uploadProfilePhoto(file);
      onUploaded(url);
      toast.success('Your photo has been uploaded.');
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (failure.fields?.['photo'] ?? failure.message)
          : 'The photo could not be uploaded.';
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="font-semibold">
        Profile photo <span className="font-normal text-ink-muted">(optional)</span>
      </span>
      <div className="flex items-center gap-4">
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-full border border-line bg-canvas">
          {photoUrl ? (
            <img src={photoUrl} alt="Your profile photo" className="size-full object-cover" />
          ) : (
            <UserRound aria-hidden="true" className="size-10 text-ink-muted" />
          )}
        </div>
        <div className="flex flex-col gap-1">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={PROFILE_PHOTO_TYPES.join(',')}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error !== undefined || undefined}
            onChange={(event) => void onChange(event)}
            className="peer sr-only"
          />
          <label
            id={`${id}-button`}
            htmlFor={id}
            aria-disabled={busy || undefined}
            className={cn(
              'inline-flex min-h-11 cursor-pointer items-center gap-2 self-start rounded-lg border border-line bg-surface px-4 font-semibold hover:bg-brand-soft',
              // The real input is visually hidden; its keyboard focus shows on this button.
              'peer-focus-visible:outline-[3px] peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand',
              busy && 'pointer-events-none opacity-70',
            )}
          >
            <Camera aria-hidden="true" className="size-5" />
            {busy ? 'Uploading...' : photoUrl ? 'Change photo' : 'Upload photo'}
          </label>
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            JPEG, PNG or WebP, at most 5 MB.
          </p>
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
