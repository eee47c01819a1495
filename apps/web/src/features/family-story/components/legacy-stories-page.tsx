import { hideStoryBodySchema, MAX_LEGACY_SEARCH_CHARS } from '@tavara/shared/family-story/family-story';
import { BookHeart, ChevronLeft, ChevronRight, EyeOff, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PanelEmpty, PanelError, PanelLoading } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { applyFieldErrors, Form, FormTextareaField, useZodForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { useHydrated } from '@/lib/use-hydrated';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useHideStory, useLegacyStories, useLegacyStory } from '../api/family-story-api';
import { PublicStoryView } from './public-story-view';
import { CARE_TIME_ZONE, formatLongDate } from '@tavara/shared/time/format';

function HideDialog({ storyId, name, onHidden }: { storyId: string; name: string; onHidden: () => void }) {
  const [open, setOpen] = useState(false);
  const hide = useHideStory();
  const form = useZodForm(hideStoryBodySchema, { defaultValues: { reason: '' } });
  const busy = form.formState.isSubmitting;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <EyeOff aria-hidden="true" className="size-5" />
        Hide this story
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Hide {name}’s story?</DialogTitle>
          <DialogDescription className="mt-1">
            It leaves the legacy page at once. The family sees your reason; the audit log records it.
          </DialogDescription>
          <Form
            form={form}
            className="mt-4 flex flex-col gap-4"
            onSubmit={async (values) => {
              try {
                await hide.mutateAsync({ storyId, reason: values.reason });
                toast.success('The story is hidden from the legacy page.');
                setOpen(false);
                onHidden();
              } catch (error) {
                if (!(error instanceof ApiError && applyFieldErrors(form, error.fields))) {
                  toast.error(error instanceof Error ? error.message : 'The story could not be hidden.');
                }
              }
            }}
          >
            <FormTextareaField control={form.control} name="reason" label="Reason" required rows={3} />
            <div className="flex flex-wrap justify-end gap-3">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button type="submit" aria-disabled={busy || undefined}>
                {busy ? 'Hiding...' : 'Hide the story'}
              </Button>
            </div>
          </Form>
        </DialogContent>
      </Dialog>
    </>
  );
}

function StoryDetail({ storyId, back }: { storyId: string; back: () => void }) {
  const story = useLegacyStory(storyId);
  const { role } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <Button variant="link" className="self-start px-0" onClick={back}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        All legacy stories
      </Button>
      {story.isPending ? (
        <PanelLoading label="Loading the story..." />
      ) : story.isError ? (
        story.error instanceof ApiError && story.error.status === 404 ? (
          <PanelEmpty icon={<BookHeart aria-hidden="true" className="size-8" />} title="This story is not shared">
            Its family may have withdrawn it. Other stories are on the legacy page.
          </PanelEmpty>
        ) : (
          <PanelError
            title="The story could not be loaded"
            error={story.error}
            retrying={story.isFetching}
            onRetry={() => void story.refetch()}
          />
        )
      ) : (
        <div className="rounded-card border border-line bg-surface p-5 sm:p-8">
          <PublicStoryView story={story.data} />
          <p className="mt-6 text-sm text-ink-muted">
            Shared by their family on {formatLongDate(story.data.sharedAt, CARE_TIME_ZONE)}.
          </p>
          {role === 'admin' && (
            <div className="mt-6 border-t border-line pt-4">
              <HideDialog storyId={story.data.id} name={story.data.name} onHidden={back} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function StoryList({
  q,
  page,
  setParams,
}: {
  q: string;
  page: number;
  setParams: (next: { q?: string; page?: number; story?: string }) => void;
}) {
  const list = useLegacyStories(q, page);
  const [draft, setDraft] = useState(q);
  // Prerendered page: the box waits for hydration, which would reset what was typed before it.
  const hydrated = useHydrated();
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: draft.trim(), page: 1 });
  };
  return (
    <div className="flex flex-col gap-6">
      <form role="search" noValidate onSubmit={search} className="flex flex-wrap items-end gap-3">
        <TextField
          label="Search the stories"
          type="search"
          className="min-w-0 flex-1 basis-64"
          value={draft}
          disabled={!hydrated || undefined}
          maxLength={MAX_LEGACY_SEARCH_CHARS}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="A name, a town, a hobby…"
        />
        <Button type="submit">
          <Search aria-hidden="true" className="size-5" />
          Search
        </Button>
      </form>
      {list.isPending ? (
        <PanelLoading label="Loading legacy stories..." />
      ) : list.isError ? (
        <PanelError
          title="The legacy stories could not be loaded"
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.total === 0 ? (
        q ? (
          <PanelEmpty icon={<Search aria-hidden="true" className="size-8" />} title={`No stories mention “${q}”`}>
            <Button
              variant="link"
              onClick={() => {
                setDraft('');
                setParams({ q: '', page: 1 });
              }}
            >
              Show all stories
            </Button>
          </PanelEmpty>
        ) : (
          <PanelEmpty
            icon={<BookHeart aria-hidden="true" className="size-8" />}
            title="No stories have been shared yet"
          >
            <p>
              This page will hold the stories families choose to share about the people they love. Every story is
              private until its family decides otherwise.
            </p>
            <Link
              to="/family/story"
              className="mt-3 inline-flex min-h-11 items-center text-brand underline underline-offset-4"
            >
              Tell your loved one’s story
            </Link>
          </PanelEmpty>
        )
      ) : (
        <>
          <p aria-live="polite" className="text-ink-muted">
            {list.data.total === 1 ? '1 story' : `${list.data.total} stories`}
            {q ? ` mention “${q}”` : ' shared by their families'}
          </p>
          <ul className="grid gap-4 md:grid-cols-2">
            {list.data.stories.map((story) => (
              <li key={story.id} className="flex flex-col rounded-card border border-line bg-surface p-5">
                <h2 className="text-xl font-bold">{story.name}</h2>
                {story.birthYear && <p className="text-ink-muted">Born {story.birthYear}</p>}
                {story.excerpt && <p className="mt-2 flex-1 whitespace-pre-line">{story.excerpt}</p>}
                <Link
                  to={`/legacy-stories?story=${story.id}`}
                  className="mt-3 inline-flex min-h-11 items-center gap-1 self-start font-semibold text-brand underline-offset-4 hover:underline"
                >
                  Read {story.name}’s story
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={list.data.page}
            pages={Math.ceil(list.data.total / list.data.pageSize)}
            go={(p) => setParams({ q, page: p })}
          />
        </>
      )}
    </div>
  );
}

function Pager({ page, pages, go }: { page: number; pages: number; go: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => go(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-5" />
        Newer stories
      </Button>
      <span className="text-ink-muted">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => go(page + 1)}>
        Older stories
        <ChevronRight aria-hidden="true" className="size-5" />
      </Button>
    </nav>
  );
}

/**
 * `/legacy-stories` (issue 19, item 3): stories families chose to share, newest first, searchable,
 * ten a page; `?story=` opens one. Only real, shared stories — no examples, no filler.
 */
export function LegacyStoriesPage() {
  const [params, setSearchParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const storyId = params.get('story');
  const setParams = (next: { q?: string; page?: number; story?: string }) => {
    const out = new URLSearchParams();
    if (next.q) out.set('q', next.q);
    if (next.page && next.page > 1) out.set('page', String(next.page));
    if (next.story) out.set('story', next.story);
    setSearchParams(out);
    window.scrollTo({ top: 0 });
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <header className="mb-6 border-l-8 border-family pl-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Legacy stories</h1>
        <p className="mt-1 text-lg text-ink-muted">The lives behind the care: stories families chose to share.</p>
      </header>
      {storyId ? (
        <StoryDetail storyId={storyId} back={() => setParams({ q, page })} />
      ) : (
        <StoryList key={q} q={q} page={page} setParams={setParams} />
      )}
    </div>
  );
}
