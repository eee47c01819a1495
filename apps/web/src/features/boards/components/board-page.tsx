import {
  BOARD_MESSAGES,
  boardForPost,
  POST_TYPE_OPTIONS,
  URGENCY_OPTIONS,
  type Board,
  type BoardPost,
  type PostType,
  type Urgency,
} from '@tavara/shared/boards/boards';
import { TT_REGION_OPTIONS } from '@tavara/shared/codes/tt-region-options';
import { ChevronLeft, ChevronRight, Lock, MapPin, MessageSquare, Megaphone, Plus, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PanelEmpty, QueryPanel } from '@/components/query-panel';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { Skeleton } from '@/components/ui/skeleton';
import { showsAuthLoading, useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useBoardPosts, useMyPosts, useThreads, type BoardFilters } from '../api/boards-api';
import { formatPosted, regionLabel, TypePill, UrgencyPill } from './board-ui';
import { PostDialog } from './post-dialog';
import { PostFormDialog } from './post-form-dialog';
import { ThreadDialog } from './thread-dialog';

const BOARD_WORDS: Record<Board, { title: string; intro: string }> = {
  family: {
    title: 'Family Message Board',
    intro: 'Care professionals post when they are available; families share questions and tips.',
  },
  professional: {
    title: 'Professional Message Board',
    intro: 'Families post the care they need; professionals share questions and tips.',
  },
};

/** `?action=` values that open the form at once (the earlier version's two buttons). */
const ACTIONS: Record<string, PostType> = { 'post-need': 'care_need', 'post-availability': 'availability' };

function readFilters(params: URLSearchParams): BoardFilters {
  const type = params.get('type') ?? '';
  const urgency = params.get('urgency') ?? '';
  const region = params.get('region') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    type: (POST_TYPE_OPTIONS.some((o) => o.code === type) ? type : '') as PostType | '',
    region: TT_REGION_OPTIONS.some((o) => o.code === region) ? region : '',
    urgency: (URGENCY_OPTIONS.some((o) => o.code === urgency) ? urgency : '') as Urgency | '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function PostCard({ post, onOpen }: { post: BoardPost; onOpen: () => void }) {
  return (
    <li className="relative rounded-card border border-line bg-surface p-4 shadow-sm hover:border-brand has-[:focus-visible]:border-brand sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <TypePill type={post.type} />
        <UrgencyPill urgency={post.urgency} />
      </div>
      <h3 className="mt-2 text-lg font-semibold">
        {/* The title is the button; its ::after covers the card, so the whole card opens the post. */}
        <button type="button" onClick={onOpen} className="text-left after:absolute after:inset-0 focus:outline-none">
          {post.title}
        </button>
      </h3>
      <p className="mt-1 line-clamp-2 text-ink-muted">{post.details}</p>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" /> {regionLabel(post.region)}
        </span>
        <span>
          {post.author.name} · {formatPosted(post.createdAt)}
        </span>
        <span className="inline-flex items-center gap-1">
          <MessageSquare aria-hidden="true" className="size-4" /> {post.replyCount}{' '}
          {post.replyCount === 1 ? 'reply' : 'replies'}
        </span>
      </p>
    </li>
  );
}

function Conversations({ onOpen }: { onOpen: (id: string) => void }) {
  const threads = useThreads(true);
  const list = threads.data?.threads ?? [];
  return (
    <section aria-labelledby="conversations-title" className="rounded-card border border-line bg-surface p-4">
      <h2 id="conversations-title" className="flex items-center gap-2 text-lg font-semibold">
        <Lock aria-hidden="true" className="size-5" /> Private conversations
      </h2>
      {threads.isPending ? (
        <p className="mt-2 text-ink-muted">Loading...</p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-ink-muted">
          When you message someone about a post, or they message you, the conversation is here.
        </p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y divide-line">
          {list.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                onClick={() => onOpen(t.id)}
                className="flex min-h-11 w-full flex-col py-2 text-left hover:text-brand"
              >
                <span className="font-semibold">{t.other.name}</span>
                <span className="line-clamp-1 text-sm text-ink-muted">
                  {t.postTitle}: {t.lastMessage}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyPosts({ onOpen }: { onOpen: (id: string) => void }) {
  const mine = useMyPosts(true);
  const posts = mine.data?.posts ?? [];
  if (mine.isPending || posts.length === 0) return null;
  return (
    <section aria-labelledby="my-posts-title" className="rounded-card border border-line bg-surface p-4">
      <h2 id="my-posts-title" className="text-lg font-semibold">
        Your posts
      </h2>
      <ul className="mt-2 flex flex-col divide-y divide-line">
        {posts.slice(0, 10).map((p) => (
          <li key={p.id}>
            <button
              type="button"
              onClick={() => onOpen(p.id)}
              className="flex min-h-11 w-full items-center justify-between gap-2 py-2 text-left hover:text-brand"
            >
              <span className="line-clamp-1">{p.title}</span>
              <span className="shrink-0 text-sm text-ink-muted">
                {p.hidden ? 'Hidden' : `${p.replyCount} ${p.replyCount === 1 ? 'reply' : 'replies'}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CheckingBoardPage({ board }: { board: Board }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="max-w-prose">
        <h1 className="text-3xl font-bold">{BOARD_WORDS[board].title}</h1>
        <p className="mt-1 text-ink-muted">{BOARD_WORDS[board].intro}</p>
      </header>
      <div role="status" aria-label="Loading posts" className="mt-6 min-h-dvh">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="mt-6 h-48 w-full" />
      </div>
    </div>
  );
}

/**
 * /family/message-board and /professional/message-board (issue 20): the board's posts, newest
 * first, with search and filters (kept in the address, so back and reload keep them), pages,
 * the post form, each post with its replies, and the person's private conversations.
 */
export function BoardPage({ board }: { board: Board }) {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [draft, setDraft] = useState({
    q: filters.q,
    type: filters.type,
    region: filters.region,
    urgency: filters.urgency,
  });
  const posts = useBoardPosts(board, filters);
  const [editing, setEditing] = useState<BoardPost | null>(null);
  const signedIn = auth.user !== null;
  const role = auth.role;

  const action = params.get('action') ?? '';
  const actionType = ACTIONS[action];
  const openPostId = params.get('post');
  const openThreadId = params.get('thread');
  // What this person can post here: the kind that appears on this board, or a discussion.
  const postable = (POST_TYPE_OPTIONS.map((o) => o.code) as PostType[]).filter(
    (type) => boardForPost(role, type) === board,
  );
  const primaryType = postable.find((t) => t !== 'discussion') ?? postable[0];
  const formType =
    actionType && boardForPost(role, actionType) ? actionType : action === 'new' ? primaryType : undefined;

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const submitFilters = (event: FormEvent) => {
    event.preventDefault();
    update({ ...draft, page: null });
  };

  // Families post care needs on the professional board and professionals availability on the
  // family board. The form opens here, on the board the person is reading (issue 31: the page no
  // longer turns into the other board), and the toast says where the post went.
  const crossPost =
    role === 'family' && board === 'family'
      ? { action: 'post-need', label: 'Post Care Need' }
      : role === 'professional' && board === 'professional'
        ? { action: 'post-availability', label: 'Post Availability' }
        : null;
  const savedOn = formType ? boardForPost(role, formType) : undefined;
  const savedMessage =
    savedOn && savedOn !== board ? `Your post is on the ${BOARD_WORDS[savedOn].title}, where it is read.` : undefined;
  // Admins read both boards and post on neither; community members post discussions on the family board.
  const readOnly = signedIn && postable.length === 0;
  const wantsToPost = actionType !== undefined && !formType;
  // A browser last seen signed in, its session still being checked: what it may post, and the
  // explanation for those who may not, depend on the role — shown only once it is known, so the
  // search form and the posts below do not jump down when the buttons arrive (issue 31).
  if (!signedIn && showsAuthLoading(auth)) return <CheckingBoardPage board={board} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-prose">
          <h1 className="text-3xl font-bold">{BOARD_WORDS[board].title}</h1>
          <p className="mt-1 text-ink-muted">{BOARD_WORDS[board].intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {crossPost && (
            <Button variant="secondary" onClick={() => update({ action: crossPost.action })}>
              <Megaphone aria-hidden="true" className="size-5" /> {crossPost.label}
            </Button>
          )}
          {primaryType && (
            <Button onClick={() => update({ action: 'new' })}>
              <Plus aria-hidden="true" className="size-5" />
              {primaryType === 'care_need'
                ? 'Post Care Need'
                : primaryType === 'availability'
                  ? 'Post Availability'
                  : 'Start a discussion'}
            </Button>
          )}
        </div>
      </header>

      {readOnly && !wantsToPost && (
        <div className="mt-4 max-w-prose rounded-card border border-line bg-surface p-4">
          {role === 'community' ? (
            <>
              <p>
                This board is where families post the care they need and care professionals answer, so only they post
                here. As a community member you can start a discussion or share a tip on the{' '}
                <Link to="/family/message-board" className="font-semibold text-brand underline underline-offset-2">
                  family board
                </Link>
                .
              </p>
              <p className="mt-2">
                To help a family near you with a meal, a ride or a visit, see{' '}
                <Link to="/dashboard/community" className="font-semibold text-brand underline underline-offset-2">
                  help needed near you
                </Link>
                .
              </p>
            </>
          ) : (
            <p>
              You can read both boards. Posting is for families, who post the care they need, and care professionals,
              who post when they are available — so each side finds the other.
            </p>
          )}
        </div>
      )}
      {role === 'community' && board === 'family' && !wantsToPost && (
        <p className="mt-4 max-w-prose text-ink-muted">
          Start a discussion to share a tip or ask families a question. Care offers are posted by care professionals; to
          help a family yourself, see{' '}
          <Link to="/dashboard/community" className="font-semibold text-brand underline underline-offset-2">
            help needed near you
          </Link>
          .
        </p>
      )}

      {wantsToPost && (
        <p role="alert" className="mt-4 rounded-card border border-warning/30 bg-warning-soft p-4 text-warning">
          {signedIn ? (
            BOARD_MESSAGES.typeNotAllowed
          ) : (
            <Link to="/auth" className="font-semibold underline underline-offset-2">
              {BOARD_MESSAGES.signInToPost}
            </Link>
          )}
        </p>
      )}

      <form
        role="search"
        aria-label="Search the board"
        onSubmit={submitFilters}
        className="mt-6 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <TextField
          label="Search"
          type="search"
          value={draft.q}
          maxLength={100}
          onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
          placeholder="e.g. dementia, night shift"
        />
        <SelectField
          label="Type"
          value={draft.type}
          onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value as PostType | '' }))}
          options={[
            { value: '', label: 'All types' },
            ...POST_TYPE_OPTIONS.map((o) => ({ value: o.code, label: o.label })),
          ]}
        />
        <SelectField
          label="Region"
          value={draft.region}
          onChange={(e) => setDraft((d) => ({ ...d, region: e.target.value }))}
          options={[
            { value: '', label: 'All regions' },
            ...TT_REGION_OPTIONS.map((o) => ({ value: o.code, label: o.label })),
          ]}
        />
        <SelectField
          label="How soon"
          value={draft.urgency}
          onChange={(e) => setDraft((d) => ({ ...d, urgency: e.target.value as Urgency | '' }))}
          options={[
            { value: '', label: 'Any time' },
            ...URGENCY_OPTIONS.map((o) => ({ value: o.code, label: o.label })),
          ]}
        />
        <Button type="submit">
          <Search aria-hidden="true" className="size-5" /> Search
        </Button>
      </form>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className={cn(posts.isPlaceholderData && 'pointer-events-none opacity-60')}>
          <QueryPanel
            query={posts}
            loadingLabel="Loading posts..."
            errorTitle="The posts could not be loaded"
            isEmpty={(data) => data.posts.length === 0}
            empty={
              <PanelEmpty icon={<MessageSquare aria-hidden="true" className="size-8" />} title="No posts found">
                {filters.q || filters.type || filters.region || filters.urgency
                  ? 'Nothing matches this search. Try fewer words or another region.'
                  : 'Nobody has posted on this board yet.'}
              </PanelEmpty>
            }
          >
            {(data) => (
              <>
                <h2 className="sr-only">Posts</h2>
                <ul className="flex flex-col gap-3">
                  {data.posts.map((post) => (
                    <PostCard key={post.id} post={post} onOpen={() => update({ post: post.id })} />
                  ))}
                </ul>
                {(data.page > 1 || data.hasNext) && (
                  <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
                    <Button
                      variant="secondary"
                      disabled={data.page <= 1}
                      onClick={() => update({ page: data.page - 1 > 1 ? String(data.page - 1) : null })}
                    >
                      <ChevronLeft aria-hidden="true" className="size-5" /> Newer
                    </Button>
                    <span className="text-ink-muted">Page {data.page}</span>
                    <Button
                      variant="secondary"
                      disabled={!data.hasNext}
                      onClick={() => update({ page: String(data.page + 1) })}
                    >
                      Older <ChevronRight aria-hidden="true" className="size-5" />
                    </Button>
                  </nav>
                )}
              </>
            )}
          </QueryPanel>
        </div>
        <aside className="flex flex-col gap-4" aria-label="Your board activity">
          {signedIn ? (
            <>
              <Conversations onOpen={(id) => update({ thread: id })} />
              {(role === 'family' || role === 'professional') && <MyPosts onOpen={(id) => update({ post: id })} />}
            </>
          ) : (
            <section className="rounded-card border border-line bg-surface p-4">
              <h2 className="text-lg font-semibold">Join the conversation</h2>
              <p className="mt-2 text-ink-muted">{BOARD_MESSAGES.contactHidden}</p>
              <Button asChild className="mt-3">
                <Link to="/auth">Sign In</Link>
              </Button>
            </section>
          )}
        </aside>
      </div>

      {formType && (
        <PostFormDialog
          open
          onOpenChange={(open) => !open && update({ action: null })}
          role={role}
          type={formType}
          savedMessage={savedMessage}
        />
      )}
      {editing && (
        <PostFormDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          role={role}
          type={editing.type}
          editing={editing}
        />
      )}
      {openPostId && !editing && (
        <PostDialog
          postId={openPostId}
          signedIn={signedIn}
          onOpenChange={(open) => !open && update({ post: null })}
          onEdit={(post) => setEditing(post)}
          onOpenThread={(id) => update({ post: null, thread: id })}
        />
      )}
      {openThreadId && signedIn && (
        <ThreadDialog threadId={openThreadId} onOpenChange={(open) => !open && update({ thread: null })} />
      )}
    </div>
  );
}
