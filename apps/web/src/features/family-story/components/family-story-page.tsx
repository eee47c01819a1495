import { recipientKey } from '@tavara/shared/care-assessment/care-assessment';
import {
  PRIVATE_STORY_FIELD_IDS,
  publicStoryOf,
  STORY_FIELDS,
  STORY_MESSAGES,
  storyBodySchema,
  type FamilyStory,
} from '@tavara/shared/family-story/family-story';
import { BookHeart, Eye, Globe, Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PanelError, PanelLoading } from '@/components/query-panel';
import { RecipientPicker } from '@/domain/people-cared-for/recipient-picker';
import { useCaredForChoice } from '@/domain/people-cared-for/use-cared-for-choice';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form, FormTextareaField, FormTextField, useZodForm } from '@/components/ui/form';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { useGuardedNavigate } from '@/lib/navigation-guard';
import { toast } from '@/lib/toast';
import { useMyStories, useSaveStory, useShareStory } from '../api/family-story-api';
import { PublicStoryView } from './public-story-view';
import { CARE_TIME_ZONE, formatLongDate } from '@tavara/shared/time/format';

const formSchema = storyBodySchema.omit({ recipientName: true });
type FormInput = { birthYear: string; fields: Record<string, string> };

const PRIVATE_LABELS = STORY_FIELDS.filter((f) => PRIVATE_STORY_FIELD_IDS.includes(f.id)).map((f) => f.label);

function defaults(story: FamilyStory | null): FormInput {
  return {
    birthYear: story?.birthYear ? String(story.birthYear) : '',
    fields: Object.fromEntries(STORY_FIELDS.map((f) => [f.id, story?.fields[f.id] ?? ''])),
  };
}

function ShareDialog({
  story,
  open,
  onOpenChange,
}: {
  story: FamilyStory;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const share = useShareStory();
  const preview = publicStoryOf({ ...story, sharedAt: story.sharedAt ?? new Date().toISOString() });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent variant="sectioned" className="max-w-2xl">
        <div className="border-b border-line p-5">
          <DialogTitle className="text-xl">Share {story.recipientName}’s story on the legacy page?</DialogTitle>
          <DialogDescription className="mt-1">
            Anyone visiting Tavara will be able to read exactly this. You can withdraw it at any time.
          </DialogDescription>
        </div>
        <div className="flex flex-col gap-5 overflow-y-auto p-5">
          <section aria-labelledby="preview-heading" className="rounded-lg border border-line bg-canvas p-4">
            <p id="preview-heading" className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink-muted">
              <Eye aria-hidden="true" className="size-4" /> What becomes public
            </p>
            <PublicStoryView story={preview} headingLevel={3} />
          </section>
          <section aria-labelledby="private-heading">
            <p id="private-heading" className="flex items-center gap-2 font-semibold">
              <Lock aria-hidden="true" className="size-4" /> Stays private, always
            </p>
            <p className="mt-1 text-ink-muted">
              {PRIVATE_LABELS.join(', ')}; the care needs assessment and every health detail.
            </p>
          </section>
        </div>
        <div className="flex flex-wrap justify-end gap-3 border-t border-line p-5">
          <DialogClose asChild>
            <Button variant="secondary">Keep it private</Button>
          </DialogClose>
          <Button
            aria-disabled={share.isPending || undefined}
            onClick={() => {
              if (share.isPending) return;
              share.mutate(
                { storyId: story.id, share: true },
                {
                  onSuccess: () => {
                    toast.success(STORY_MESSAGES.shared);
                    onOpenChange(false);
                  },
                  onError: (error) => toast.error(error.message),
                },
              );
            }}
          >
            <Globe aria-hidden="true" className="size-5" />
            {share.isPending ? 'Sharing...' : 'Share this story'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function SharingPanel({ story, dirty }: { story: FamilyStory | null; dirty: boolean }) {
  const [open, setOpen] = useState(false);
  const withdraw = useShareStory();
  return (
    <section aria-labelledby="sharing-heading" className="rounded-card border border-line bg-surface p-5">
      <h2 id="sharing-heading" className="text-xl font-semibold">
        Who can read it
      </h2>
      {!story || !story.sharedAt ? (
        <>
          <p className="mt-2 flex items-start gap-2">
            <Lock aria-hidden="true" className="mt-1 size-4 shrink-0" />
            <span>Private: your family and the care team you accept on their care plan.</span>
          </p>
          <p className="mt-2 text-ink-muted">
            You may also share it on the legacy stories page, to honour them. You will see exactly what becomes public
            first.
          </p>
          {story ? (
            dirty ? (
              <p className="mt-3 font-medium">Save your changes first, then you can share the story.</p>
            ) : (
              <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
                <Globe aria-hidden="true" className="size-5" />
                Share on the legacy page…
              </Button>
            )
          ) : (
            <p className="mt-3 font-medium">Save the story first to be able to share it.</p>
          )}
        </>
      ) : (
        <>
          <p className="mt-2 flex items-start gap-2">
            <Globe aria-hidden="true" className="mt-1 size-4 shrink-0" />
            <span>
              Shared on the{' '}
              <Link className="text-brand underline underline-offset-4" to="/legacy-stories">
                legacy stories page
              </Link>{' '}
              since {formatLongDate(story.sharedAt, CARE_TIME_ZONE)}. Changes you save show there too.
            </span>
          </p>
          {story.hiddenAt && (
            <Notice tone="warning" className="mt-3" title="Hidden by Tavara’s team">
              {story.hiddenReason}
            </Notice>
          )}
          <Button
            variant="secondary"
            className="mt-3"
            aria-disabled={withdraw.isPending || undefined}
            onClick={() => {
              if (withdraw.isPending) return;
              withdraw.mutate(
                { storyId: story.id, share: false },
                {
                  onSuccess: () => toast.success(STORY_MESSAGES.withdrawn),
                  onError: (error) => toast.error(error.message),
                },
              );
            }}
          >
            <Lock aria-hidden="true" className="size-5" />
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw from the legacy page'}
          </Button>
        </>
      )}
      {story && <ShareDialog story={story} open={open} onOpenChange={setOpen} />}
    </section>
  );
}

function StoryEditor({ recipientName, story }: { recipientName: string; story: FamilyStory | null }) {
  const form = useZodForm<FormInput, Omit<ReturnType<typeof formSchema.parse>, never>>(formSchema as never, {
    defaultValues: defaults(story),
  });
  const save = useSaveStory();
  const busy = form.formState.isSubmitting;
  const groups = [
    { id: 'about', title: `About ${recipientName}`, fields: STORY_FIELDS.filter((f) => f.group === 'about') },
    { id: 'care', title: 'Care preferences', fields: STORY_FIELDS.filter((f) => f.group === 'care') },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <Form
        form={form}
        className="flex flex-col gap-6"
        onSubmit={async (values) => {
          try {
            const saved = await save.mutateAsync({ recipientName, ...(values as object) } as never);
            form.reset(defaults(saved));
            toast.success(STORY_MESSAGES.saved);
          } catch (error) {
            if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
              toast.error(error instanceof Error ? error.message : 'The story could not be saved. Please try again.');
            }
          }
        }}
      >
        {groups.map((group) => (
          <fieldset
            key={group.id}
            className="flex flex-col gap-5 rounded-card border border-line bg-surface p-5 sm:p-6"
          >
            <legend className="px-1 text-xl font-semibold">{group.title}</legend>
            {group.id === 'about' && (
              <FormTextField
                control={form.control}
                name="birthYear"
                label="Birth year"
                inputMode="numeric"
                className="max-w-48"
                autoComplete="off"
              />
            )}
            {group.id === 'care' && (
              <p className="-mt-2 flex items-center gap-2 text-ink-muted">
                <Lock aria-hidden="true" className="size-4" /> Never shared on the legacy page.
              </p>
            )}
            {group.fields.map((field) => (
              <FormTextareaField
                key={field.id}
                control={form.control}
                name={`fields.${field.id}`}
                label={field.label}
                hint={'hint' in field ? field.hint : undefined}
                rows={field.id === 'life_story' ? 6 : 3}
              />
            ))}
          </fieldset>
        ))}
        <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-line bg-canvas/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Saving...' : 'Save their story'}
          </Button>
          {form.formState.isDirty && <span className="text-ink-muted">Unsaved changes</span>}
        </div>
      </Form>
      <div className="flex flex-col gap-6 self-start">
        <SharingPanel story={story} dirty={form.formState.isDirty} />
      </div>
    </div>
  );
}

function FamilyStories() {
  const list = useMyStories(true);
  const recipients = useMemo(() => list.data?.recipients ?? [], [list.data]);
  const { names, selected, record, choose } = useCaredForChoice(recipients);

  if (list.isPending) return <PanelLoading label="Loading their story..." />;
  if (list.isError) {
    return (
      <PanelError
        title="The story could not be loaded"
        error={list.error}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const current = selected ? (record ?? { recipientName: selected, story: null }) : null;
  return (
    <div className="flex flex-col gap-6">
      <RecipientPicker names={names} selected={current?.recipientName ?? null} onSelect={choose} />
      {current && (
        <StoryEditor
          // A saved story arriving (or another person chosen) starts the form from it.
          key={`${recipientKey(current.recipientName)}-${current.story?.id ?? 'new'}`}
          recipientName={current.recipientName}
          story={current.story}
        />
      )}
    </div>
  );
}

/** `/family/story` (issue 19, item 2): "Tell Their Story", private unless the family shares it. */
export function FamilyStoryPage() {
  const { user, role, loading } = useAuth();
  const navigate = useGuardedNavigate();
  // Spec §4 "Require-auth" in this page's words: the stored action is 'tell-story' (post-login
  // rule 2 brings the family back here) while the message says 'Please sign in to tell your
  // story'. useRequireAuth uses one string for both; widening it cost landing-page bytes.
  const askToSignIn = () => {
    localStore.set(LOCAL_KEYS.lastAction, 'tell-story');
    localStore.set(LOCAL_KEYS.lastPath, '/family/story');
    toast.error(`Please sign in to ${STORY_MESSAGES.signInAction}`);
    navigate('/auth');
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="mb-6 border-l-8 border-family pl-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Tell Their Story</h1>
        <p className="mt-1 text-lg text-ink-muted">
          Who they are beyond their care needs — so the people caring for them know the person.
        </p>
      </header>
      {loading && !user ? (
        <PanelLoading label="Loading your account..." />
      ) : !user ? (
        <Notice tone="info" title="Sign in to tell their story">
          <p>Stories are kept with your family account and stay private unless you choose to share them.</p>
          <Button className="mt-3" onClick={askToSignIn}>
            <BookHeart aria-hidden="true" className="size-5" />
            Sign in to tell their story
          </Button>
        </Notice>
      ) : role !== 'family' ? (
        <Notice tone="info" title="Stories are written by family accounts">
          <p>
            Care teams read the story of the person they care for in the care plan. Shared stories are on the{' '}
            <Link className="text-brand underline underline-offset-4" to="/legacy-stories">
              legacy stories page
            </Link>
            .
          </p>
        </Notice>
      ) : (
        <FamilyStories />
      )}
    </div>
  );
}
