import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { ChatAnswerValue } from '@tavara/shared/registration-chat/chat-state';
import { PROFILE_QUESTION_IDS, REGISTRATION_MESSAGES } from '@tavara/shared/registration/registration';
import { ROLE_DASHBOARD_PATHS, ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ROLE_REGISTRATION_PATHS } from '@/config/paths';
import { useAuth, useRequireAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { fetchChatAnswers, fetchSavedRegistration, linkChatSession } from '../registration-api';
import { prefillAnswers, readChatPrefill, readDraft } from '../registration-storage';
import { RegistrationForm } from './registration-form';

const INTRO: Record<PublicRole, string> = {
  family:
    'Tell us about yourself and the person you care for, so we can match you with the right caregivers and support.',
  professional:
    'Tell us about your experience, services and availability, so families looking for your skills can find you.',
  community: 'Tell us how you would like to help, so we can connect you with neighbours and groups near you.',
};

const ACCENT: Record<PublicRole, string> = {
  family: 'bg-family-soft text-family',
  professional: 'bg-professional-soft text-professional',
  community: 'bg-community-soft text-community',
};

interface LoadedForm {
  readonly saved: Awaited<ReturnType<typeof fetchSavedRegistration>>;
  readonly chatAnswers: Record<string, ChatAnswerValue> | null;
}

/**
 * Loads what the form starts from: the saved registration (edit mode) and, with `?session=`,
 * the chat's answers — from the server, or from this browser when the server does not have them.
 * A signed-in visitor's chat session is linked to their account on the way.
 */
async function loadForm(role: PublicRole, sessionId: string | null): Promise<LoadedForm> {
  const [saved, serverAnswers] = await Promise.all([
    fetchSavedRegistration(),
    sessionId ? fetchChatAnswers(sessionId) : Promise.resolve(null),
  ]);
  if (sessionId) void linkChatSession(sessionId);
  const local = sessionId ? readChatPrefill(sessionId, role) : null;
  const chatAnswers =
    serverAnswers && Object.keys(serverAnswers).length > 0 ? serverAnswers : local ? prefillAnswers(local) : null;
  return { saved, chatAnswers };
}

/**
 * /registration/{role} (issue 6). Signed out: 'Please sign in to complete your registration' and
 * /auth, remembering this address (with its `?session=`), so sign-up, verification and sign-in
 * lead back here with the chat's answers. Signed in with another role: a pointer to their own
 * form. Otherwise the form, filled in from (lowest first) the saved registration, the chat, and
 * an unsent draft.
 */
export function RegistrationPage({ role }: { role: PublicRole }) {
  const auth = useAuth();
  const requireAuth = useRequireAuth();
  const { pathname, search } = useLocation();
  const sessionId = new URLSearchParams(search).get('session');
  const asked = useRef(false);

  useEffect(() => {
    if (auth.loading || auth.user || asked.current) return;
    asked.current = true;
    requireAuth('complete your registration', `${pathname}${search}`);
  }, [auth.loading, auth.user, requireAuth, pathname, search]);

  const form = useQuery({
    queryKey: ['registration', role, sessionId, auth.user?.id],
    queryFn: () => loadForm(role, sessionId),
    enabled: Boolean(auth.user) && auth.role === role,
    // The form's own state takes over once loaded; refetching would not change it.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

  const announced = useRef(false);
  const hasChatAnswers = Boolean(form.data?.chatAnswers);
  useEffect(() => {
    if (!hasChatAnswers || announced.current) return;
    announced.current = true;
    toast.info(REGISTRATION_MESSAGES.prefilled);
  }, [hasChatAnswers]);

  const title = `${ROLE_LABELS[role]} Registration`;
  const header = (
    <header className="mb-6 flex items-start gap-4">
      <span className={cn('grid size-12 shrink-0 place-items-center rounded-full', ACCENT[role])}>
        <ClipboardList aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="mt-1 text-ink-muted">{INTRO[role]}</p>
      </div>
    </header>
  );

  let body;
  if (auth.loading || !auth.user || (auth.role === role && form.isPending)) {
    body = (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading your registration form...</span>
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  } else if (auth.role !== role) {
    const own = auth.role && auth.role !== 'admin' ? ROLE_REGISTRATION_PATHS[auth.role] : null;
    body = (
      <Notice tone="info" title={`This form is for ${ROLE_LABELS[role].toLowerCase()}s`}>
        <p>Your account is registered as a {ROLE_LABELS[auth.role ?? 'family'].toLowerCase()}.</p>
        <Button asChild variant="secondary" className="mt-3">
          {own ? (
            <Link to={own}>Go to your registration form</Link>
          ) : (
            <Link to={ROLE_DASHBOARD_PATHS[auth.role ?? 'admin']}>Go to your dashboard</Link>
          )}
        </Button>
      </Notice>
    );
  } else if (form.isError) {
    body = (
      <Notice tone="error" role="alert" title="Your registration form could not be loaded">
        <p>{form.error.message}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void form.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  } else {
    const { saved, chatAnswers } = form.data!;
    const initialAnswers = {
      ...saved.answers,
      ...chatAnswers,
      ...readDraft(role),
      // The account's e-mail wins over one typed in the chat.
      [PROFILE_QUESTION_IDS[role].email]: auth.user.email,
    };
    body = <RegistrationForm role={role} email={auth.user.email} initialAnswers={initialAnswers} saved={saved} />;
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      {header}
      {body}
    </div>
  );
}
