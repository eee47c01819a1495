import { CheckCircle2, Heart, MapPin, Users } from 'lucide-react';
import { HELP_KIND_LABELS, SIGNUP_STATUS_LABELS } from '@tavara/shared/care-circle/circle-codes';
import { formatDateTime } from '@tavara/shared/time/format';
import { formatTimeIn } from '@tavara/shared/time/relative';
import { Button } from '@/components/ui/button';
import { Avatar, failedWith } from '@/domain/care-plans/care-ui';
import { toast } from '@/lib/toast';
import { useMarkDone, useSignUp, useThank, type HelpRequest } from '../api/care-circle-api';
import { CommunityShare } from './community-share';

/** "2 Mar 2099, 9 AM – 11 AM" in the plan's zone (one format, the shared time module). */
export function helpWindow(start: string, end: string, zone: string) {
  return `${formatDateTime(start, zone)} – ${formatTimeIn(end, zone)}`;
}

/**
 * One help request as the village sees it: what, when, how many helpers are still needed, who
 * is coming. Helpers sign up, mark done or cancel; the family marks done and thanks.
 */
export function HelpRequestCard({
  request,
  zone,
  canOrganise,
  canHelp,
  onCancelSignup,
  onCallOff,
}: {
  request: HelpRequest;
  zone: string;
  canOrganise: boolean;
  canHelp: boolean;
  onCancelSignup: (signupId: string, label: string) => void;
  onCallOff: (request: HelpRequest) => void;
}) {
  const signUp = useSignUp();
  const done = useMarkDone();
  const thank = useThank();
  const cancelled = request.status === 'cancelled';
  const live = request.helpers.filter((h) => h.status !== 'cancelled');
  const full = request.filled >= request.helpersNeeded;
  const mine = request.helpers.find((h) => h.id === request.mySignupId);
  const titleId = `help-${request.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-ink-muted uppercase">{HELP_KIND_LABELS[request.kind]}</p>
          <h3 id={titleId} className="text-lg font-semibold break-words">
            {request.title}
          </h3>
          <p className="font-medium">{helpWindow(request.start, request.end, zone)}</p>
        </div>
        <p
          className={
            cancelled
              ? 'rounded-full border border-line bg-canvas px-3 py-1 text-sm font-semibold text-ink-muted'
              : full
                ? 'rounded-full bg-success-soft px-3 py-1 text-sm font-semibold text-success'
                : 'rounded-full bg-warning-soft px-3 py-1 text-sm font-semibold text-warning'
          }
        >
          {cancelled ? 'Called off' : full ? 'All set' : `${request.helpersNeeded - request.filled} more needed`}
        </p>
      </div>
      {request.place ? (
        <p className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span className="break-words">{request.place}</span>
        </p>
      ) : request.hasPlace ? (
        <p className="flex items-start gap-2 text-ink-muted">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          The place is shown once you sign up.
        </p>
      ) : null}
      {request.notes && <p className="whitespace-pre-line break-words">{request.notes}</p>}
      <div>
        <p className="flex items-center gap-2 font-semibold">
          <Users aria-hidden="true" className="size-5" />
          {request.filled} of {request.helpersNeeded} {request.helpersNeeded === 1 ? 'helper' : 'helpers'}
        </p>
        {(canOrganise ? request.helpers : live).length > 0 && (
          <ul className="mt-2 flex flex-col gap-2" aria-label="Who is coming">
            {(canOrganise ? request.helpers : live).map((h) => (
              <li key={h.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-2">
                  <Avatar name={h.name} photoUrl={h.photoUrl} />
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{h.name}</span>{' '}
                    <span className="text-ink-muted">· {SIGNUP_STATUS_LABELS[h.status]}</span>
                    {h.cancelNote && <span className="block text-ink-muted">“{h.cancelNote}”</span>}
                    {h.thankedAt && (
                      <span className="flex items-center gap-1 text-success">
                        <Heart aria-hidden="true" className="size-4" /> Thanked
                      </span>
                    )}
                  </span>
                </span>
                {canOrganise && h.status !== 'cancelled' && (
                  <span className="flex flex-wrap gap-2">
                    {h.status === 'coming' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() =>
                          done.mutate(h.id, {
                            onSuccess: () => toast.success('Marked done.'),
                            onError: failedWith('That did not work. Please try again.'),
                          })
                        }
                      >
                        Mark done
                      </Button>
                    )}
                    {!h.thankedAt && (
                      <Button
                        size="sm"
                        onClick={() =>
                          thank.mutate(
                            { signupId: h.id, message: '' },
                            {
                              onSuccess: () => toast.success(`${h.name} was thanked.`),
                              onError: failedWith('That did not work. Please try again.'),
                            },
                          )
                        }
                      >
                        <Heart aria-hidden="true" className="size-4" /> Say thanks
                      </Button>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {canOrganise && !cancelled && <CommunityShare request={request} />}
      {!cancelled && (
        <div className="flex flex-wrap gap-2">
          {canHelp && !mine && !full && (
            <Button
              aria-disabled={signUp.isPending || undefined}
              onClick={() =>
                !signUp.isPending &&
                signUp.mutate(request.id, {
                  onSuccess: () => toast.success('Thank you! The family knows you are coming.'),
                  onError: failedWith('That did not work. Please try again.'),
                })
              }
            >
              {signUp.isPending ? 'Signing up...' : 'I can help'}
            </Button>
          )}
          {mine && mine.status === 'coming' && (
            <>
              <p className="flex w-full items-center gap-2 font-semibold text-success">
                <CheckCircle2 aria-hidden="true" className="size-5" /> You are coming
              </p>
              <Button
                variant="secondary"
                onClick={() =>
                  done.mutate(mine.id, {
                    onSuccess: () => toast.success('Marked done. Thank you for helping!'),
                    onError: failedWith('That did not work. Please try again.'),
                  })
                }
              >
                Mark done
              </Button>
              <Button variant="secondary" onClick={() => onCancelSignup(mine.id, request.title)}>
                I can no longer come
              </Button>
            </>
          )}
          {mine && mine.status === 'done' && (
            <p className="flex items-center gap-2 font-semibold text-success">
              <CheckCircle2 aria-hidden="true" className="size-5" /> Done — thank you
              {mine.thanksMessage ? `: “${mine.thanksMessage}”` : ''}
            </p>
          )}
          {canOrganise && (
            <Button variant="secondary" onClick={() => onCallOff(request)}>
              Call off
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
