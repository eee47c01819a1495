import { AtSign, Camera, UserRound } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import {
  accountNameSchema,
  changeEmailSchema,
  type AccountNameInput,
  type ChangeEmailInput,
} from '@tavara/shared/account/account';
import { PROFILE_PHOTO_MESSAGES, PROFILE_PHOTO_TYPES } from '@tavara/shared/registration/registration';
import { Button } from '@/components/ui/button';
import { applyFieldErrors, Form, FormTextField, useZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { loadAccount } from '@/lib/auth';
import type { AccountDetails } from '@/lib/auth-client';
import { toast } from '@/lib/toast';
import { changeEmail, useAccountDetails, useUpdateName, useUploadPhoto } from '../api/account-api';
import { AccountSection, messageOf, SectionError, SectionLoading } from './account-ui';

/**
 * Name, photo and e-mail (issue 22, item 1). The registration form stays the place for role
 * details; the e-mail changes only once the new address's link is opened.
 */
export function ProfileSection({ requirePassword }: { requirePassword: (then: () => Promise<void>) => void }) {
  const details = useAccountDetails();
  return (
    <AccountSection
      id="profile"
      title="Profile"
      icon={UserRound}
      description="Your name and photo, as your care team sees them. Role details are on your registration form."
    >
      {details.isPending ? (
        // Measured: the photo, name and e-mail forms are ~655 px tall at 360 px, ~461 px wide.
        <SectionLoading label="Loading your profile..." className="h-[41rem] sm:h-[29rem]" />
      ) : details.isError ? (
        <SectionError
          title="Your profile could not be loaded"
          error={details.error}
          onRetry={() => void details.refetch()}
        />
      ) : (
        <>
          <PhotoField details={details.data} />
          <NameForm details={details.data} />
          <EmailForm email={details.data.user.email} requirePassword={requirePassword} />
        </>
      )}
    </AccountSection>
  );
}

function PhotoField({ details }: { details: AccountDetails }) {
  const uploadPhoto = useUploadPhoto();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const photo = details.profile?.avatar_url ?? null;
  const initials = `${details.user.firstName?.[0] ?? ''}${details.user.lastName?.[0] ?? ''}`.toUpperCase() || '?';
  // An admin has no registration form, and the photo belongs to it.
  if (details.role === 'admin') return null;

  async function upload(file: File) {
    setError(undefined);
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(PROFILE_PHOTO_MESSAGES.type);
    setBusy(true);
    try {
      await uploadPhoto.mutateAsync(file);
      toast.success('Your photo was saved.');
    } catch (caught) {
      setError(caught instanceof ApiError ? (caught.fields?.photo ?? messageOf(caught)) : messageOf(caught));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      {photo ? (
        <img src={photo} alt="Your profile photo" className="size-20 rounded-full border border-line object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-20 place-items-center rounded-full bg-family-soft text-2xl font-semibold text-family"
        >
          {initials}
        </span>
      )}
      <div className="flex flex-col gap-1">
        <input
          ref={input}
          id={id}
          type="file"
          accept={PROFILE_PHOTO_TYPES.join(',')}
          // The button below opens it; the input itself stays out of the tab order.
          aria-label="Choose a profile photo"
          tabIndex={-1}
          className="sr-only"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => !busy && input.current?.click()}>
          <Camera aria-hidden="true" className="size-5" />
          {busy ? 'Uploading...' : photo ? 'Change photo' : 'Add a photo'}
        </Button>
        <p className="text-sm text-ink-muted">JPEG, PNG or WebP, up to 5 MB.</p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function NameForm({ details }: { details: AccountDetails }) {
  const updateName = useUpdateName();
  const form = useZodForm(accountNameSchema, {
    defaultValues: {
      firstName: details.user.firstName ?? '',
      lastName: details.user.lastName ?? '',
    } as AccountNameInput,
  });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={async (values) => {
        try {
          await updateName.mutateAsync(values);
          await loadAccount();
          form.reset(values);
          toast.success('Your name was saved.');
        } catch (error) {
          if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) toast.error(messageOf(error));
        }
      }}
    >
      <FormTextField control={form.control} name="firstName" label="First name" autoComplete="given-name" />
      <FormTextField control={form.control} name="lastName" label="Last name" autoComplete="family-name" />
      <div className="sm:col-span-2">
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Saving...' : 'Save name'}
        </Button>
      </div>
    </Form>
  );
}

function EmailForm({
  email,
  requirePassword,
}: {
  email: string;
  requirePassword: (then: () => Promise<void>) => void;
}) {
  const form = useZodForm(changeEmailSchema, { defaultValues: { newEmail: '' } as ChangeEmailInput });
  const busy = form.formState.isSubmitting;
  const [sentTo, setSentTo] = useState<string>();

  async function send(newEmail: string) {
    await changeEmail(newEmail);
    setSentTo(newEmail);
    form.reset({ newEmail: '' });
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <AtSign aria-hidden="true" className="size-5 text-brand" />
        Email address
      </h3>
      <p>
        You sign in with <strong className="break-all">{email}</strong>.
      </p>
      {sentTo && (
        <Notice tone="success" role="status" title="Check your new inbox">
          We sent a link to <strong className="break-all">{sentTo}</strong>. Your address changes when you open it; we
          also told {email}.
        </Notice>
      )}
      <Form
        form={form}
        className="flex flex-col gap-3"
        onSubmit={async ({ newEmail }) => {
          try {
            await send(newEmail);
          } catch (error) {
            if (error instanceof ApiError && error.code === 'REAUTH_REQUIRED') {
              requirePassword(() => send(newEmail));
              return;
            }
            if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) toast.error(messageOf(error));
          }
        }}
      >
        <FormTextField control={form.control} name="newEmail" label="New email address" type="email" />
        <div>
          <Button type="submit" variant="secondary" aria-disabled={busy || undefined}>
            {busy ? 'Sending...' : 'Send confirmation link'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
