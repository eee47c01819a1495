import { useQuery } from '@tanstack/react-query';
import { HandHeart, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CIRCLE_STATUS_LABELS } from '@tavara/shared/care-circle/circle-codes';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Avatar, failedWith, LoadError, PageShell, planQueryGate, SignedInOnly } from '@/domain/care-plans/care-ui';
import { EndMembershipDialog, endMembershipLabel } from '@/domain/care-plans/end-membership';
import { ContactCard } from '@/domain/village/contact-card';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import {
  circleQuery,
  helpRequestsQuery,
  useCancelHelpRequest,
  useEndCircleMembership,
  type CircleMember,
  type CircleView,
  type HelpRequest,
} from '../api/care-circle-api';
import { CancelSignupDialog, CircleInviteDialog, HelpRequestDialog } from './circle-dialogs';
import { HelpRequestCard } from './help-request-card';

function HelpRequests({ planId, zone, onAsk }: { planId: string; zone: string; onAsk: () => void }) {
  const help = useQuery(helpRequestsQuery(planId, 'upcoming'));
  const [cancelling, setCancelling] = useState<{ signupId: string; label: string } | null>(null);
  const [callingOff, setCallingOff] = useState<HelpRequest | null>(null);
  const callOff = useCancelHelpRequest();
  if (help.isPending)
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading help requests...</span>
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  if (help.isError)
    return (
      <LoadError
        title="The help requests could not load"
        error={help.error}
        onRetry={() => void help.refetch()}
        retrying={help.isFetching}
      />
    );
  const { requests, canOrganise, canHelp } = help.data;
  return (
    <>
      {requests.length === 0 ? (
        <div className="rounded-card border border-dashed border-line-strong bg-surface p-6 text-center">
          <HandHeart aria-hidden="true" className="mx-auto size-10 text-community" />
          {canOrganise ? (
            <>
              <p className="mt-2 font-semibold">No help requests yet.</p>
              <p className="text-ink-muted">Ask your circle for a meal, a ride to the clinic or a visit.</p>
              <Button className="mt-4" onClick={onAsk}>
                Ask for help
              </Button>
            </>
          ) : (
            <>
              <p className="mt-2 font-semibold">Nothing is needed right now.</p>
              <p className="text-ink-muted">When the family asks for help, it appears here and you are told.</p>
            </>
          )}
        </div>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          {requests.map((r) => (
            <HelpRequestCard
              key={r.id}
              request={r}
              zone={zone}
              canOrganise={canOrganise}
              canHelp={canHelp}
              onCancelSignup={(signupId, label) => setCancelling({ signupId, label })}
              onCallOff={setCallingOff}
            />
          ))}
        </div>
      )}
      {cancelling && (
        <CancelSignupDialog
          open
          signupId={cancelling.signupId}
          label={cancelling.label}
          onOpenChange={(open) => !open && setCancelling(null)}
        />
      )}
      <AlertDialog open={callingOff !== null} onOpenChange={(open) => !open && setCallingOff(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>Call off “{callingOff?.title}”?</AlertDialogTitle>
          <AlertDialogDescription className="mt-2">
            Everyone who signed up is told it is no longer needed.
          </AlertDialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialogCancel asChild>
              <Button variant="secondary">Keep it</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                onClick={() =>
                  callingOff &&
                  callOff.mutate(callingOff.id, {
                    onSuccess: () => toast.success('Called off. The helpers were told.'),
                    onError: failedWith('That did not work. Please try again.'),
                  })
                }
              >
                Call it off
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function CircleMembers({ data }: { data: CircleView }) {
  const { user } = useAuth();
  const owner = data.access === 'owner';
  const [inviting, setInviting] = useState(false);
  const [ending, setEnding] = useState<CircleMember | null>(null);
  const end = useEndCircleMembership(data.plan.id);
  const live = data.members.filter((m) => m.status === 'accepted' || m.status === 'invited');
  const self = ending?.userId === user?.id;
  return (
    <section
      aria-labelledby="circle-title"
      className="flex flex-col gap-3 self-start rounded-card border border-line bg-surface p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="circle-title" className="text-xl font-semibold">
          The circle
        </h2>
        {owner && (
          <Button size="sm" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" className="size-5" /> Invite someone
          </Button>
        )}
      </div>
      {live.length === 0 ? (
        <p className="text-ink-muted">
          {owner
            ? 'Nobody is in the circle yet. Invite relatives, friends and neighbours who help.'
            : 'Nobody else is in the circle yet.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {live.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex min-w-0 items-center gap-2">
                <Avatar name={m.name ?? m.email} photoUrl={m.photoUrl} />
                <span className="min-w-0 break-words">
                  <span className="block font-medium">{m.name ?? m.email ?? 'Invited by e-mail'}</span>
                  <span className="text-sm text-ink-muted">{CIRCLE_STATUS_LABELS[m.status]}</span>
                </span>
              </span>
              {(owner || (m.userId === user?.id && m.status === 'accepted')) && (
                <Button size="sm" variant="secondary" onClick={() => setEnding(m)}>
                  {endMembershipLabel(m, user?.id, 'circle')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {owner && <CircleInviteDialog planId={data.plan.id} open={inviting} onOpenChange={setInviting} />}
      <EndMembershipDialog
        ending={ending}
        self={self}
        group="care circle"
        description={
          self
            ? 'You will no longer see this family’s help requests.'
            : 'They will no longer see your help requests. The circle’s history keeps a record.'
        }
        onClose={() => setEnding(null)}
        onConfirm={(memberId) =>
          end.mutate(memberId, {
            onSuccess: () => toast.success('Done.'),
            onError: failedWith('That did not work. Please try again.'),
          })
        }
      />
    </section>
  );
}

/** The plan's updates feed (a feature of its own, joined in by the route), in the plan's zone. */
type UpdatesSlot = (zone: string) => ReactNode;

function CircleBody({ planId, updates }: { planId: string; updates?: UpdatesSlot | undefined }) {
  const circle = useQuery(circleQuery(planId));
  // The same query the list reads (one request): whether this person may post requests.
  const canOrganise = useQuery(helpRequestsQuery(planId, 'upcoming')).data?.canOrganise ?? false;
  const [asking, setAsking] = useState(false);
  const gate = planQueryGate(circle, {
    loading: 'Loading the care circle...',
    failed: 'The care circle could not load',
    back: { to: '/circles', label: 'Back to your circles' },
  });
  if (gate || !circle.data) return gate;
  const data = circle.data;
  const owner = data.access === 'owner';
  return (
    <>
      <header className="mb-6 border-l-8 border-community pl-4">
        <p className="text-lg font-semibold text-ink-muted">Care circle</p>
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{data.plan.title}</h1>
        <p className="mt-1 text-lg text-ink-muted">
          {owner ? 'Your family’s helpers' : `With ${data.plan.familyName ?? 'the family'}`}
        </p>
        {owner && (
          <Link
            to={`/family/care-management/${planId}`}
            className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand underline"
          >
            Back to the care plan
          </Link>
        )}
      </header>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-8">
          <section aria-labelledby="help-title" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="help-title" className="text-xl font-semibold">
                Help needed
              </h2>
              {canOrganise && (
                <Button onClick={() => setAsking(true)}>
                  <HandHeart aria-hidden="true" className="size-5" /> Ask for help
                </Button>
              )}
            </div>
            <HelpRequests planId={planId} zone={data.plan.timeZone} onAsk={() => setAsking(true)} />
          </section>
          {updates?.(data.plan.timeZone)}
        </div>
        <div className="flex flex-col gap-6">
          <ContactCard planId={planId} />
          <CircleMembers data={data} />
        </div>
      </div>
      <HelpRequestDialog planId={planId} open={asking} onOpenChange={setAsking} />
    </>
  );
}

/** /circle/:planId — a plan's village: its help requests and its circle. */
export function CirclePage({ planId, updates }: { planId: string; updates?: UpdatesSlot }) {
  return (
    <PageShell>
      <SignedInOnly title="Care circle" description="Sign in to see the help your family and friends need.">
        <CircleBody planId={planId} updates={updates} />
      </SignedInOnly>
    </PageShell>
  );
}
