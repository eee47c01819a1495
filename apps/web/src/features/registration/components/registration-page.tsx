import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PROFILE_QUESTION_IDS, REGISTRATION_MESSAGES } from '@tavara/shared/registration/registration';
import { ROLE_DASHBOARD_PATHS, ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { PanelError } from '@/components/query-panel';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { ROLE_REGISTRATION_PATHS, signUpForRegistrationPath } from '@/config/paths';
import { onSignOut, useAuth } from '@/lib/auth';
import { LOCAL_KEYS, localStore } from '@/lib/browser-storage';
import { useGuardedNavigate } from '@/lib/navigation-guard';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { registrationFormQuery } from '../api/registration-api';
import { readDraft } from '../registration-storage';
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

/** What `lastAction` says while a registration waits for sign-in. */
const REGISTRATION_SIGN_IN_ACTION = 'complete your registration';

/**
 * /registration/{role} (issue 6). Signed out: the Sign Up tab of /auth for this role (issue 14),
 * remembering this address (with its `?session=`), so sign-up, verification and sign-in lead
 * back here with the chat's answers. Signed in with another role: a pointer to their own
 * form. Otherwise the form, filled in from (lowest first) the saved registration, the chat, and
 * an unsent draft.
 */
/** `extra`: shown under the form once it is loaded (the app adds the matching switch, issue 19). */
export function RegistrationPage({ role, extra }: { role: PublicRole; extra?: ReactNode }) {
  const auth = useAuth();
  const navigate = useGuardedNavigate();
  const { pathname, search } = useLocation();
  const sessionId = new URLSearchParams(search).get('session');
  const asked = useRef(false);
  // Signing out on this form (or in another tab) is not a newcomer arriving: no Sign Up tab, and
  // no stored way back here for whoever signs in next on a shared phone (issue 14). Home instead.
  const signedOut = useRef(false);
  useEffect(() => onSignOut(() => (signedOut.current = true)), []);

  useEffect(() => {
    if (auth.loading || auth.user || asked.current) return;
    asked.current = true;
    if (signedOut.current) {
      navigate('/', { replace: true });
      return;
    }
    // Issue 14: a newcomer (the chat's hand-over) needs an account, not an error: the Sign Up tab
    // for this role, with an info message; this address (and its ?session=) is kept for afterwards.
    localStore.set(LOCAL_KEYS.lastAction, REGISTRATION_SIGN_IN_ACTION);
    localStore.set(LOCAL_KEYS.lastPath, `${pathname}${search}`);
    navigate(signUpForRegistrationPath(role), { replace: true });
  }, [auth.loading, auth.user, navigate, role, pathname, search]);

  const form = useQuery({
    ...registrationFormQuery(role, sessionId, auth.user?.id ?? ''),
    enabled: Boolean(auth.user) && auth.role === role,
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
      <PanelError
        title="Your registration form could not be loaded"
        error={form.error}
        retrying={form.isFetching}
        onRetry={() => void form.refetch()}
      />
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
    body = (
      <>
        <RegistrationForm role={role} email={auth.user.email} initialAnswers={initialAnswers} saved={saved} />
        {extra && <div className="mt-8">{extra}</div>}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      {header}
      {body}
    </div>
  );
}
