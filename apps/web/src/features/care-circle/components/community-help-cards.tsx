import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, Heart, MapPin, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { HELP_KIND_LABELS } from '@tavara/shared/care-circle/circle-codes';
import { helpRegionsInputSchema, OFFER_STATUS_LABELS } from '@tavara/shared/care-circle/community-help';
import { TT_REGION_OPTIONS, type TtRegionCode } from '@tavara/shared/codes/tt-region-options';
import { Button } from '@/components/ui/button';
import { FormChoiceGroup, useZodForm } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import { failedWith } from '@/domain/care-plans/care-ui';
import { toast } from '@/lib/toast';
import {
  communityRequestsQuery,
  myOffersQuery,
  useMarkDone,
  useOfferHelp,
  useSetHelpRegions,
  useWithdrawOffer,
  type MyOffer,
  type PublicRequest,
} from '../api/care-circle-api';
import { CancelSignupDialog } from './circle-dialogs';
import { helpWindow } from './help-request-card';

const regionLabel = (code: string | null) => TT_REGION_OPTIONS.find((r) => r.code === code)?.label ?? code ?? '';
const REGION_CHOICES = TT_REGION_OPTIONS.map((r) => ({ id: r.code, label: r.label }));
const CARD = 'flex flex-col gap-3 rounded-card border border-line bg-surface p-5';

function Loading({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
function Failed({ what }: { what: string }) {
  return (
    <p role="alert" className="text-danger">
      {what} could not load. Check your connection and try again.
    </p>
  );
}

/**
 * The community member's dashboard (issue 30, item 3): requests families shared with their
 * regions, to offer help; and their own offers, the help they were accepted for, and thanks.
 */
export function CommunityHelpCards() {
  return (
    <>
      <HelpNearYou />
      <YourOffers />
    </>
  );
}

function HelpNearYou() {
  const open = useQuery(communityRequestsQuery());
  const [choosing, setChoosing] = useState(false);
  const regions = open.data?.regions ?? [];
  return (
    <section aria-labelledby="help-near-you" className={CARD}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="help-near-you" className="text-xl font-semibold">
            Help needed near you
          </h2>
          {regions.length > 0 && <p className="text-ink-muted">In {regions.map(regionLabel).join(', ')}</p>}
        </div>
        {regions.length > 0 && (
          <Button size="sm" variant="secondary" onClick={() => setChoosing(true)}>
            <Settings2 aria-hidden="true" className="size-4" /> Change regions
          </Button>
        )}
      </div>
      {open.isPending ? (
        <Loading label="Loading help requests near you..." />
      ) : open.isError ? (
        <Failed what="Help requests near you" />
      ) : regions.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-line-strong p-4">
          <p>
            Families share requests for a meal, a ride to the clinic or a visit with community members in their region.
            Choose where you can help and they will show here.
          </p>
          <Button onClick={() => setChoosing(true)}>Choose your regions</Button>
        </div>
      ) : open.data.requests.length === 0 ? (
        <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-line-strong p-4">
          <p>No family in your regions needs help right now. New requests show here as soon as they are shared.</p>
          <p className="text-ink-muted">
            You can add regions, or meanwhile{' '}
            <Link to="/family/message-board" className="font-semibold text-brand underline underline-offset-2">
              share a tip on the family board
            </Link>
            .
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Help requests near you">
          {open.data.requests.map((request) => (
            <PublicRequestItem key={request.id} request={request} />
          ))}
        </ul>
      )}
      {choosing && <RegionsDialog current={regions} onClose={() => setChoosing(false)} />}
    </section>
  );
}

function PublicRequestItem({ request }: { request: PublicRequest }) {
  const offer = useOfferHelp();
  const withdraw = useWithdrawOffer();
  const kind = HELP_KIND_LABELS[request.kind];
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3">
      <p className="font-semibold break-words">
        {kind} for {request.firstName}’s family
      </p>
      <p>{helpWindow(request.start, request.end, request.timeZone)}</p>
      <p className="flex items-center gap-1 text-ink-muted">
        <MapPin aria-hidden="true" className="size-4 shrink-0" /> {regionLabel(request.region)}
      </p>
      {request.myOffer?.status === 'offered' ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="flex items-center gap-1 font-semibold text-warning">
            <Clock aria-hidden="true" className="size-4" /> You offered — the family will answer
          </p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              withdraw.mutate(request.myOffer!.id, {
                onSuccess: () => toast.success('Your offer is withdrawn.'),
                onError: failedWith('That did not work. Please try again.'),
              })
            }
          >
            Withdraw offer
          </Button>
        </div>
      ) : request.myOffer?.status === 'accepted' ? (
        <p className="flex items-center gap-1 font-semibold text-success">
          <CheckCircle2 aria-hidden="true" className="size-4" /> Accepted — see it under Your offers
        </p>
      ) : (
        <Button
          className="self-start"
          aria-label={`Offer to help: ${kind} for ${request.firstName}’s family`}
          aria-disabled={offer.isPending || undefined}
          onClick={() =>
            !offer.isPending &&
            offer.mutate(request.id, {
              onSuccess: () => toast.success(`Thank you! ${request.firstName} will answer your offer.`),
              onError: failedWith('That did not work. Please try again.'),
            })
          }
        >
          {offer.isPending ? 'Offering...' : 'Offer to help'}
        </Button>
      )}
    </li>
  );
}

function RegionsDialog({ current, onClose }: { current: TtRegionCode[]; onClose: () => void }) {
  const save = useSetHelpRegions();
  const form = useZodForm(helpRegionsInputSchema, { defaultValues: { regions: current } });
  return (
    <CareFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Where can you help?"
      description="You see the requests families share with these regions: a first name, the kind of help and the time. The place is shown only once a family accepts your offer."
      form={form}
      failure="Your regions could not be saved. Please try again."
      submitLabel="Save regions"
      onSubmit={async (values) => {
        await save.mutateAsync(values.regions);
        toast.success(values.regions.length > 0 ? 'Saved. Here is the help needed there.' : 'Saved.');
        onClose();
      }}
    >
      <FormChoiceGroup control={form.control} name="regions" legend="Regions" choices={REGION_CHOICES} multiple />
    </CareFormDialog>
  );
}

function YourOffers() {
  const mine = useQuery(myOffersQuery());
  return (
    <section id="your-offers" aria-labelledby="your-offers-heading" className={CARD}>
      <h2 id="your-offers-heading" className="text-xl font-semibold">
        Your offers
      </h2>
      {mine.isPending ? (
        <Loading label="Loading your offers..." />
      ) : mine.isError ? (
        <Failed what="Your offers" />
      ) : mine.data.offers.length === 0 ? (
        <p className="text-ink-muted">
          When you offer to help with a request near you, it shows here with the family’s answer.
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-3" aria-label="Your offers">
            {mine.data.offers.map((o) => (
              <OfferItem key={o.id} offer={o} />
            ))}
          </ul>
          {mine.data.thanks.length > 0 && (
            <div>
              <h3 className="flex items-center gap-2 font-semibold">
                <Heart aria-hidden="true" className="size-5 text-success" /> Thanks you received
              </h3>
              <ul className="mt-2 flex flex-col gap-1">
                {mine.data.thanks.map((t) => (
                  <li key={t.offerId} className="break-words">
                    {t.firstName}’s family, for {HELP_KIND_LABELS[t.kind].toLowerCase()}
                    {t.message ? `: “${t.message}”` : ''}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function OfferItem({ offer }: { offer: MyOffer }) {
  const done = useMarkDone();
  const [cancelling, setCancelling] = useState(false);
  const task = offer.task;
  const label = task?.title ?? HELP_KIND_LABELS[offer.kind];
  const tone =
    offer.status === 'accepted' ? 'text-success' : offer.status === 'offered' ? 'text-warning' : 'text-ink-muted';
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-line p-3">
      <p className="font-semibold break-words">
        {label} <span className="font-normal text-ink-muted">· {offer.firstName}’s family</span>
      </p>
      <p>{helpWindow(offer.start, offer.end, offer.timeZone)}</p>
      <p className={`font-semibold ${tone}`}>
        {task?.signupStatus === 'done' ? 'Done — thank you' : OFFER_STATUS_LABELS[offer.status]}
      </p>
      {task && (
        <>
          {task.place && (
            <p className="flex items-start gap-1">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> {task.place}
            </p>
          )}
          {task.notes && <p className="whitespace-pre-line break-words text-ink-muted">{task.notes}</p>}
          {task.signupStatus === 'coming' && task.signupId && (
            <div className="mt-1 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  done.mutate(task.signupId!, {
                    onSuccess: () => toast.success('Marked done. Thank you for helping!'),
                    onError: failedWith('That did not work. Please try again.'),
                  })
                }
              >
                Mark done
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setCancelling(true)}>
                I can no longer come
              </Button>
            </div>
          )}
          {cancelling && task.signupId && (
            <CancelSignupDialog
              signupId={task.signupId}
              label={label}
              open
              onOpenChange={(open) => !open && setCancelling(false)}
            />
          )}
        </>
      )}
    </li>
  );
}
