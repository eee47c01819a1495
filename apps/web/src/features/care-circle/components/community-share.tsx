import { ChevronDown, Globe2, HandHeart } from 'lucide-react';
import { useState } from 'react';
import type { ShareHelpRequestInput } from '@tavara/shared/care-circle/community-help';
import { TT_REGION_OPTIONS, type TtRegionCode } from '@tavara/shared/codes/tt-region-options';
import { Button } from '@/components/ui/button';
import { FormField, useLazyZodForm } from '@/components/ui/form';
import { Avatar, failedWith } from '@/domain/care-plans/care-ui';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import { toast } from '@/lib/toast';
import { useAnswerOffer, useShareHelpRequest, type HelpRequest } from '../api/care-circle-api';

// The schema comes with the form's first use, not with the page: zod stays out of a signed-in
// page's start (issue 35; components/ui/form.tsx `useLazyZodForm`).
const loadShareSchema = () =>
  import('@tavara/shared/care-circle/community-help').then((m) => m.shareHelpRequestInputSchema);

const regionLabel = (code: string | null) => TT_REGION_OPTIONS.find((r) => r.code === code)?.label ?? code ?? '';

/**
 * The family's side of help from the wider community (issue 30, item 3): share a request with a
 * region's community members (they see only your first name, the region, the kind and the time),
 * stop sharing it, and answer the offers that come in.
 */
export function CommunityShare({ request }: { request: HelpRequest }) {
  const [sharing, setSharing] = useState(false);
  const share = useShareHelpRequest();
  const answer = useAnswerOffer();
  const full = request.filled >= request.helpersNeeded;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line bg-canvas p-3">
      {request.publicRegion ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2">
            <Globe2 aria-hidden="true" className="size-5 shrink-0" />
            <span>
              Shared with community members in <strong>{regionLabel(request.publicRegion)}</strong>
            </span>
          </p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() =>
              share.mutate(
                { requestId: request.id, region: null },
                {
                  onSuccess: () => toast.success('Only your circle sees this request now.'),
                  onError: failedWith('That did not work. Please try again.'),
                },
              )
            }
          >
            Stop sharing
          </Button>
        </div>
      ) : (
        !full && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-ink-muted">Not enough hands in your circle? Ask community members near you.</p>
            <Button size="sm" variant="secondary" onClick={() => setSharing(true)}>
              <Globe2 aria-hidden="true" className="size-4" /> Share with the community
            </Button>
          </div>
        )
      )}
      {request.offers.length > 0 && (
        <div>
          <h4 className="flex items-center gap-2 font-semibold">
            <HandHeart aria-hidden="true" className="size-5" /> Offers from the community
          </h4>
          <ul className="mt-2 flex flex-col gap-2" aria-label="Offers from the community">
            {request.offers.map((offer) => (
              <li key={offer.id} className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-2">
                  <Avatar name={offer.name} photoUrl={offer.photoUrl} />
                  <span className="font-medium break-words">{offer.name}</span>
                </span>
                <span className="flex flex-wrap gap-2">
                  {!full && (
                    <Button
                      size="sm"
                      onClick={() =>
                        answer.mutate(
                          { offerId: offer.id, answer: 'accept' },
                          {
                            onSuccess: () =>
                              toast.success(`${offer.name} is coming. They now see the place for this request.`),
                            onError: failedWith('That did not work. Please try again.'),
                          },
                        )
                      }
                    >
                      Accept {offer.name.split(' ')[0]}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() =>
                      answer.mutate(
                        { offerId: offer.id, answer: 'decline' },
                        {
                          onSuccess: () => toast.success(`${offer.name} was told, with thanks.`),
                          onError: failedWith('That did not work. Please try again.'),
                        },
                      )
                    }
                  >
                    Decline
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ShareDialog request={request} open={sharing} onOpenChange={setSharing} />
    </div>
  );
}

function ShareDialog({
  request,
  open,
  onOpenChange,
}: {
  request: HelpRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const share = useShareHelpRequest();
  const form = useLazyZodForm(loadShareSchema, {
    defaultValues: { region: '' as TtRegionCode } as ShareHelpRequestInput,
  });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share with the community"
      description="Community members in the region see only your first name, the region, the kind of help and the time — not what you wrote, the notes or the place. You choose whose offer to accept; only they see the place."
      form={form}
      failure="The request could not be shared. Please try again."
      submitLabel="Share request"
      onSubmit={async (values) => {
        await share.mutateAsync({ requestId: request.id, region: values.region });
        toast.success('Shared. You will be told when someone offers to help.');
        onOpenChange(false);
      }}
    >
      <FormField
        control={form.control}
        name="region"
        label="Region"
        required
        render={({ control, field }) => (
          <div className="relative">
            <select
              {...control}
              name={field.name}
              value={(field.value as string | null) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              className="min-h-11 w-full appearance-none rounded-lg border border-line-strong bg-surface pr-10 pl-3 text-base text-ink"
            >
              <option value="" disabled>
                Choose a region
              </option>
              {TT_REGION_OPTIONS.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.label}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted"
            />
          </div>
        )}
      />
    </CareFormDialog>
  );
}
