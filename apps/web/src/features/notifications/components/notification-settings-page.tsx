import { BellRing, ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import {
  EMAIL_PREFERENCE_LABELS,
  EMAIL_PREFERENCES,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  notificationSettingsFormSchema,
} from '@tavara/shared/notifications/notifications';
import { Button } from '@/components/ui/button';
import { Form, FormCheckboxField, FormChoiceGroup, FormField, useZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { usePreferences, useSavePreferences, type NotificationPreferences } from '../api/notifications-api';
import { PushDevices } from './push-devices';

const QUIET_CHOICES = [
  {
    id: 'on',
    label: 'Hold e-mails from 9 PM to 7 AM',
    subtext: 'Urgent ones (doses, a shift nobody checked in to) still come at once.',
  },
  { id: 'off', label: 'Send e-mails at any hour' },
] as const;

const DETAIL_CHOICES = [
  {
    id: 'off',
    label: 'Say only who it is for',
    subtext: '“A dose is due for Mum — open Tavara”. Anyone who sees your lock screen learns nothing more.',
  },
  {
    id: 'on',
    label: 'Show the details',
    subtext: '“Metformin is due at 8 AM for Mum”. Only on your own devices.',
  },
] as const;

const formValues = (p: NotificationPreferences) => ({
  email: p.email,
  push: p.push,
  quietHours: p.quietHours ? ('on' as const) : ('off' as const),
  pushDetail: p.pushDetail ? ('on' as const) : ('off' as const),
});

/**
 * /settings/notifications (issues 18 and 28): the devices that get push; per kind, e-mail now, in a
 * daily digest or not at all, and push on or off — the in-app bell always shows everything — what
 * a lock screen shows, and quiet hours. Unsubscribe links in e-mails point here too.
 */
export function NotificationSettingsPage() {
  const auth = useAuth();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <BellRing aria-hidden="true" className="size-8 text-brand" />
        Notification settings
      </h1>
      <p className="mt-3 text-ink-muted">
        Everything always appears under the bell at the top of the page. Choose which updates also come to your phone
        and by e-mail. E-mails never name the person you care for or any health details: sign in to see those.
      </p>
      <div className="mt-8">
        {auth.loading && !auth.user ? (
          <Loading />
        ) : !auth.user ? (
          <Notice tone="info" title="Sign in to choose your notifications">
            <Button asChild className="mt-3">
              <Link to="/auth">Sign in</Link>
            </Button>
          </Notice>
        ) : (
          <div className="flex flex-col gap-8">
            <PushDevices />
            <Settings />
          </div>
        )}
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">Loading your notification settings...</span>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

function Settings() {
  const preferences = usePreferences();
  if (preferences.isPending) return <Loading />;
  if (preferences.isError) {
    return (
      <Notice tone="error" role="alert" title="Your settings could not be loaded">
        <p>{preferences.error instanceof ApiError ? preferences.error.message : 'Please try again.'}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void preferences.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  return <SettingsForm saved={preferences.data} />;
}

function SettingsForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSavePreferences();
  const form = useZodForm(notificationSettingsFormSchema, {
    defaultValues: formValues(saved),
  });
  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        try {
          const result = await save.mutateAsync(values);
          form.reset(formValues(result));
          toast.success('Your notification settings are saved.');
        } catch (error) {
          toast.error(
            error instanceof ApiError ? error.message : 'Your settings could not be saved. Please try again.',
          );
        }
      }}
      className="flex flex-col gap-8"
    >
      <fieldset className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
        {/* float-left keeps the legend inside the card instead of on its border. */}
        <legend className="float-left mb-4 w-full text-xl font-bold">E-mail for each kind of update</legend>
        <div className="clear-both grid gap-5 sm:grid-cols-2">
          {NOTIFICATION_KINDS.map((kind) => (
            <FormField
              key={kind}
              control={form.control}
              name={`email.${kind}`}
              label={NOTIFICATION_KIND_INFO[kind].label}
              render={({ control, field }) => (
                <div className="relative">
                  <select
                    {...control}
                    name={field.name}
                    ref={field.ref}
                    value={field.value as string}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                    className="min-h-11 w-full appearance-none rounded-lg border border-line-strong bg-surface pr-10 pl-3 text-base text-ink"
                  >
                    {EMAIL_PREFERENCES.map((value) => (
                      <option key={value} value={value}>
                        {EMAIL_PREFERENCE_LABELS[value]}
                      </option>
                    ))}
                  </select>
                  <ChevronDown
                    aria-hidden="true"
                    className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted"
                  />
                </div>
              )}
            />
          ))}
        </div>
        <p className="mt-4 text-sm text-ink-muted">The daily digest comes at 7 AM, Trinidad and Tobago time.</p>
      </fieldset>
      <fieldset className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
        <legend className="float-left mb-2 w-full text-xl font-bold">
          Phone notifications for each kind of update
        </legend>
        <p className="clear-both mb-3 text-sm text-ink-muted">
          For the devices listed above. Dose reminders and alerts come at once, even in quiet hours.
        </p>
        <div className="grid gap-x-5 sm:grid-cols-2">
          {NOTIFICATION_KINDS.map((kind) => (
            <FormCheckboxField
              key={kind}
              control={form.control}
              name={`push.${kind}`}
              label={NOTIFICATION_KIND_INFO[kind].label}
            />
          ))}
        </div>
      </fieldset>
      <FormChoiceGroup
        control={form.control}
        name="pushDetail"
        legend="What your lock screen shows"
        choices={DETAIL_CHOICES}
      />
      <FormChoiceGroup
        control={form.control}
        name="quietHours"
        legend="Quiet hours"
        hint="Times are Trinidad and Tobago time."
        choices={QUIET_CHOICES}
      />
      <div>
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </Form>
  );
}
