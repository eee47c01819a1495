import { useQuery, queryOptions } from '@tanstack/react-query';
import {
  contactSharingSchema,
  type ContactCard as Card,
  type ContactSharing,
} from '@tavara/shared/care-circle/contacts';
import { MapPin, MessageCircle, Phone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormCheckboxField, useZodForm } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { CareFormDialog } from '@/domain/care-plans/care-dialog';
import { careKeys } from '@/domain/query-keys';
import { useRefreshingMutation } from '@/domain/refresh';
import { api, unwrap } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * The contact card (issue 30, item 5), on the circle page and on a professional's assignment:
 * in the domain layer because both features show it. What it holds is decided by the server
 * (`contactCardFor`); the family's choice is edited here, on the form layer.
 */
export const contactCardQuery = (planId: string) =>
  queryOptions({
    queryKey: careKeys.village.contacts(planId),
    queryFn: () => unwrap(api['care-plans'][':planId'].contacts.$get({ param: { planId } })) as Promise<Card>,
    retry: 1,
  });

const useSetSharing = (planId: string) =>
  useRefreshingMutation('care-circle', (json: ContactSharing) =>
    unwrap(api['care-plans'][':planId'].contacts.sharing.$put({ param: { planId }, json })),
  );

function SharingDialog({
  planId,
  sharing,
  open,
  onOpenChange,
}: {
  planId: string;
  sharing: ContactSharing;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSetSharing(planId);
  const form = useZodForm(contactSharingSchema, { defaultValues: sharing });
  return (
    <CareFormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Who sees your contacts"
      description="The contacts and address come from the care assessment. The care circle never sees the address."
      form={form}
      failure="Your choice could not be saved. Please try again."
      submitLabel="Save"
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        toast.success('Saved. The contact card shows your choice.');
        onOpenChange(false);
      }}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">Your care team</legend>
        <FormCheckboxField control={form.control} name="team.primary" label="Family contact" />
        <FormCheckboxField control={form.control} name="team.emergency" label="Emergency contact" />
        <FormCheckboxField
          control={form.control}
          name="team.address"
          label="Care address"
          hint="Only team members with a shift see it."
        />
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">Your care circle</legend>
        <FormCheckboxField control={form.control} name="circle.primary" label="Family contact" />
        <FormCheckboxField control={form.control} name="circle.emergency" label="Emergency contact" />
      </fieldset>
    </CareFormDialog>
  );
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-3 font-semibold text-brand underline-offset-2 hover:underline';

export function ContactCard({ planId }: { planId: string }) {
  const card = useQuery(contactCardQuery(planId));
  const [choosing, setChoosing] = useState(false);
  return (
    <section
      aria-labelledby="contacts-title"
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-5"
    >
      <h2 id="contacts-title" className="text-xl font-semibold">
        Contacts
      </h2>
      {card.isPending ? (
        <div role="status">
          <span className="sr-only">Loading contacts...</span>
          <Skeleton className="h-28 w-full" />
        </div>
      ) : card.isError ? (
        <p className="text-ink-muted">The contacts could not load. Please try again later.</p>
      ) : (
        <>
          {card.data.contacts.length === 0 ? (
            <p className="text-ink-muted">
              {card.data.sharing
                ? 'Add a family and an emergency contact in the care assessment.'
                : 'The family has not shared contacts with you.'}
            </p>
          ) : (
            <ul className="flex flex-col gap-4">
              {card.data.contacts.map((c) => (
                <li key={c.kind} className="flex flex-col gap-2">
                  <span>
                    <span className="block text-sm text-ink-muted">{c.label}</span>
                    <span className="font-medium break-words">
                      {c.name}
                      {c.relationship ? ` · ${c.relationship}` : ''}
                    </span>
                    {c.phone && <span className="block">{c.phone}</span>}
                  </span>
                  {(c.telHref || c.whatsAppHref) && (
                    <span className="flex flex-wrap gap-2">
                      {c.telHref && (
                        <a href={c.telHref} className={linkClass} aria-label={`Call ${c.name}`}>
                          <Phone aria-hidden="true" className="size-5" /> Call
                        </a>
                      )}
                      {c.whatsAppHref && (
                        <a
                          href={c.whatsAppHref}
                          className={linkClass}
                          target="_blank"
                          rel="noreferrer"
                          aria-label={`WhatsApp ${c.name}`}
                        >
                          <MessageCircle aria-hidden="true" className="size-5" /> WhatsApp
                        </a>
                      )}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {card.data.address && (
            <p className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
              <span>
                <span className="block text-sm text-ink-muted">Care address</span>
                <span className="font-medium break-words">{card.data.address}</span>
              </span>
            </p>
          )}
          {card.data.sharing && (
            <>
              <Button size="sm" variant="secondary" className="self-start" onClick={() => setChoosing(true)}>
                Choose who sees them
              </Button>
              <SharingDialog planId={planId} sharing={card.data.sharing} open={choosing} onOpenChange={setChoosing} />
            </>
          )}
        </>
      )}
    </section>
  );
}
