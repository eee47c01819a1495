import { useQuery } from '@tanstack/react-query';
import { HandHeart } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate, CARE_TIME_ZONE } from '@tavara/shared/time/format';
import { Button } from '@/components/ui/button';
import { failedWith, LoadError, LoadingBlock, PageShell, SignedInOnly } from '@/domain/care-plans/care-ui';
import { toast } from '@/lib/toast';
import { myCirclesQuery, useAnswerCircleInvitation } from '../api/care-circle-api';
import { MyHelpList } from './my-help-card';

function CirclesBody() {
  const mine = useQuery(myCirclesQuery());
  const answer = useAnswerCircleInvitation();
  if (mine.isPending) return <LoadingBlock label="Loading your care circles..." />;
  if (mine.isError)
    return (
      <LoadError
        title="Your care circles could not load"
        error={mine.error}
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    );
  const { circles, invitations } = mine.data;
  return (
    <div className="flex flex-col gap-8">
      {invitations.length > 0 && (
        <section aria-labelledby="circle-invitations" className="flex flex-col gap-3">
          <h2 id="circle-invitations" className="text-xl font-semibold">
            Invitations
          </h2>
          <ul className="flex flex-col gap-3">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-sm">
                <div>
                  <p className="font-semibold break-words">
                    {i.familyName ?? 'A family'} invites you to the care circle of {i.planTitle}
                  </p>
                  <p className="text-ink-muted">Invited {formatDate(i.invitedAt, CARE_TIME_ZONE)}</p>
                  {i.note && <p className="mt-2 break-words whitespace-pre-line">“{i.note}”</p>}
                  <p className="mt-2 text-ink-muted">
                    You would see their help requests and sign up to help. You never see medications or care details.
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    onClick={() =>
                      answer.mutate(
                        { id: i.id, answer: 'accept' },
                        {
                          onSuccess: () => toast.success(`You joined the circle of ${i.planTitle}.`),
                          onError: failedWith('That did not work. Please try again.'),
                        },
                      )
                    }
                  >
                    Accept
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      answer.mutate(
                        { id: i.id, answer: 'decline' },
                        { onSuccess: () => toast.success('Declined.'), onError: failedWith('That did not work.') },
                      )
                    }
                  >
                    Decline
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="my-help" className="flex flex-col gap-3">
        <h2 id="my-help" className="text-xl font-semibold">
          Your help
        </h2>
        <MyHelpList />
      </section>
      <section aria-labelledby="my-circles" className="flex flex-col gap-3">
        <h2 id="my-circles" className="text-xl font-semibold">
          Circles you are in
        </h2>
        {circles.length === 0 ? (
          <div className="rounded-card border border-dashed border-line-strong bg-surface p-6 text-center">
            <HandHeart aria-hidden="true" className="mx-auto size-10 text-community" />
            <p className="mt-2 font-semibold">You are not in a care circle yet.</p>
            <p className="text-ink-muted">
              When a family invites you to help, the invitation appears here. Families organise their own circle from
              their care plan.
            </p>
          </div>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {circles.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/circle/${c.planId}`}
                  className="flex min-h-11 flex-col rounded-card border border-line bg-surface p-4 shadow-sm hover:border-brand"
                >
                  <span className="text-lg font-semibold break-words text-brand underline">{c.planTitle}</span>
                  <span className="text-ink-muted">With {c.familyName ?? 'the family'}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** /circles — the care circles someone is in, their invitations and the help they signed up for. */
export function CirclesPage() {
  return (
    <PageShell wide={false}>
      <SignedInOnly title="Care circles" description="Sign in to see the families you help.">
        <h1 className="mb-6 text-3xl font-bold tracking-tight sm:text-4xl">Care circles</h1>
        <CirclesBody />
      </SignedInOnly>
    </PageShell>
  );
}
