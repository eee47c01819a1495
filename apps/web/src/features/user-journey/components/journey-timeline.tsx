import {
  MAX_USER_JOURNEY_LOOKUP_CHARS,
  USER_JOURNEY_MESSAGES,
  type TimelineEvent,
  type UserJourneyTimeline,
} from '@tavara/shared/admin/user-journey';
import { ROLE_LABELS } from '@tavara/shared/roles';
import {
  Bot,
  CircleCheck,
  ClipboardCheck,
  FileInput,
  LifeBuoy,
  LogIn,
  MessageCircle,
  Search,
  UserPlus,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { PanelError } from '@/components/query-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { useTimeline } from '../api/user-journey-api';
import { CARE_TIME_ZONE, formatTimestamp } from '@tavara/shared/time/format';

const EVENT_ICONS: Record<TimelineEvent['kind'], LucideIcon> = {
  account_created: UserPlus,
  signed_in: LogIn,
  chat_started: MessageCircle,
  role_chosen: UserRound,
  message: MessageCircle,
  chat_completed: CircleCheck,
  handed_over: FileInput,
  registration_saved: ClipboardCheck,
  support_request: LifeBuoy,
};

function describeEvent(event: TimelineEvent): string {
  switch (event.kind) {
    case 'account_created':
      return 'Account created';
    case 'signed_in':
      return 'Signed in';
    case 'chat_started':
      return 'Chat started';
    case 'role_chosen':
      return `Chose a role: ${event.detail ?? ''}`;
    case 'message':
      return event.sender === 'user' ? 'Visitor' : 'Assistant';
    case 'chat_completed':
      return 'Completed the chat';
    case 'handed_over':
      return 'Handed over to the registration form';
    case 'registration_saved':
      return 'Registration form saved';
    case 'support_request':
      return 'Support request sent';
  }
}

/** Shows the start of a session id, enough to tell a person's chats apart. */
const shortSession = (sessionId: string) => `chat ${sessionId.slice(0, 8)}…`;

function TimelineSummary({ timeline }: { timeline: UserJourneyTimeline }) {
  const { user, sessions } = timeline;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {user && (
        <section aria-labelledby="journey-user" className="rounded-lg border border-line p-4">
          <h4 id="journey-user" className="font-semibold">
            {user.name || user.email}
          </h4>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">E-mail</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="text-ink-muted">Role</dt>
            <dd>{ROLE_LABELS[user.role]}</dd>
            <dt className="text-ink-muted">Verified</dt>
            <dd>{user.emailVerified ? 'Yes' : 'Not yet'}</dd>
            <dt className="text-ink-muted">User id</dt>
            <dd className="font-mono break-all">{user.id}</dd>
            <dt className="text-ink-muted">Registered</dt>
            <dd>{user.registeredAt ? formatTimestamp(user.registeredAt, CARE_TIME_ZONE) : 'Not yet'}</dd>
          </dl>
        </section>
      )}
      <section aria-labelledby="journey-sessions" className="rounded-lg border border-line p-4">
        <h4 id="journey-sessions" className="font-semibold">
          {timeline.matchedBy === 'session_id'
            ? 'Chat session'
            : `Chat sessions (${timeline.sessionCount}${timeline.sessionCount > sessions.length ? `, latest ${sessions.length} shown` : ''})`}
        </h4>
        {sessions.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">No chat linked to this account.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2 text-sm">
            {sessions.map((session) => (
              <li key={session.sessionId}>
                <span className="font-mono break-all">{session.sessionId}</span>
                <span className="block text-ink-muted">
                  {session.role ? ROLE_LABELS[session.role] : 'No role chosen'} ·{' '}
                  {session.status === 'completed' ? 'completed' : 'in progress'} · {session.messageCount} messages
                  {session.handedOverAt ? ' · handed over' : ''}
                  {session.linked ? ' · linked to an account' : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function TimelineEvents({ timeline }: { timeline: UserJourneyTimeline }) {
  const manySessions = timeline.sessions.length > 1;
  return (
    <ol aria-label="Timeline, oldest first" className="relative flex flex-col gap-3 border-l-2 border-line pl-5">
      {timeline.events.map((event, index) => {
        const Icon = event.kind === 'message' && event.sender === 'assistant' ? Bot : EVENT_ICONS[event.kind];
        return (
          <li key={index} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-0.5 -left-[2.05rem] grid size-6 place-items-center rounded-full border border-line bg-surface text-brand"
            >
              <Icon className="size-3.5" />
            </span>
            <p className="text-sm text-ink-muted">
              <time dateTime={event.at}>{formatTimestamp(event.at, CARE_TIME_ZONE)}</time>
              {manySessions && event.sessionId && <> · {shortSession(event.sessionId)}</>}
            </p>
            {event.kind === 'message' ? (
              <p className="break-words whitespace-pre-wrap">
                <span className="font-semibold">{describeEvent(event)}:</span> {event.detail}
              </p>
            ) : (
              <>
                <p className="font-medium">{describeEvent(event)}</p>
                {event.detail && event.kind !== 'role_chosen' && (
                  <p className="break-words whitespace-pre-wrap text-ink-muted">{event.detail}</p>
                )}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The timeline lookup: one labelled field for an e-mail, a user id or a chat session id. A
 * lookup that finds nothing says so beside the field; a found one shows who and which chats,
 * then every step in order.
 */
export function JourneyTimeline() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const lookup = useTimeline(query);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = input.trim();
    if (!value) return setLocalError(USER_JOURNEY_MESSAGES.emptyLookup);
    if (value.length > MAX_USER_JOURNEY_LOOKUP_CHARS) {
      return setLocalError(USER_JOURNEY_MESSAGES.lookupTooLong(MAX_USER_JOURNEY_LOOKUP_CHARS));
    }
    setLocalError(null);
    if (value === query) void lookup.refetch();
    else setQuery(value);
  };

  const answer = lookup.data;
  const fieldError = localError ?? (answer && answer.kind !== 'found' ? answer.message : undefined);
  const isBusy = lookup.isFetching;

  let result;
  if (localError || query === '') {
    result = (
      <p className="text-ink-muted">
        Look up a person by e-mail or user id, or one chat by its session id, to see each step of their journey in
        order.
      </p>
    );
  } else if (lookup.isPending) {
    result = (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Looking up {query}…</span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (lookup.isError) {
    result = (
      <PanelError
        title="The timeline could not be loaded"
        error={lookup.error}
        retrying={lookup.isFetching}
        onRetry={() => void lookup.refetch()}
      />
    );
  } else if (answer?.kind === 'found') {
    result = (
      <div className="flex flex-col gap-6">
        <TimelineSummary timeline={answer.timeline} />
        <TimelineEvents timeline={answer.timeline} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <form role="search" onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <TextField
          label="E-mail, user id or chat session id"
          name="query"
          autoComplete="off"
          spellCheck={false}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          error={fieldError}
          className="w-full sm:flex-1"
        />
        <Button type="submit" aria-disabled={isBusy || undefined} className="shrink-0 sm:mt-8">
          <Search aria-hidden="true" className="size-5" />
          Look up
        </Button>
      </form>
      <div aria-live="polite">{result}</div>
    </div>
  );
}
