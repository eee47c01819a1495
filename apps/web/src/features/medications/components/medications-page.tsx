import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { medicationsQuery, readMedicationsPageParams } from '../api/medications-api';
import { PageShell, SignedInOnly, planQueryGate } from '@/domain/care-plans/care-ui';
import { DoseDayView } from './dose-day';
import { MedicationList } from './medication-list';
import { MedicationReport } from './medication-report';

function MedicationsBody({ planId }: { planId: string }) {
  const [params, setParams] = useSearchParams();
  const { tab, days, date } = readMedicationsPageParams(params);
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next, { replace: true });
  };
  const list = useQuery(medicationsQuery(planId, days));
  const gate = planQueryGate(list, {
    loading: 'Loading the medications...',
    failed: 'The medications could not load',
    back: { to: '/family/care-management', label: 'Back to care management' },
  });
  if (gate || !list.data) return gate;
  const { plan } = list.data;
  const back =
    list.data.access === 'member'
      ? { to: `/professional/assignments/${planId}`, label: 'Back to the assignment' }
      : { to: `/family/care-management/${planId}`, label: 'Back to the care plan' };
  return (
    <>
      <Link
        to={back.to}
        className="mb-3 inline-flex min-h-11 items-center gap-1 font-semibold text-brand underline-offset-4 hover:underline print:hidden"
      >
        <ChevronLeft aria-hidden="true" className="size-5" /> {back.label}
      </Link>
      <header className="mb-6 border-l-8 border-family pl-4 print:hidden">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Medications</h1>
        <p className="mt-1 text-lg text-ink-muted">
          {plan.title} · for {plan.recipientName}
        </p>
      </header>
      <Tabs value={tab} onValueChange={(value) => update({ tab: value })}>
        <TabsList aria-label="Medication sections" className="print:hidden">
          <TabsTrigger value="today">Doses</TabsTrigger>
          <TabsTrigger value="medications">Medications</TabsTrigger>
          <TabsTrigger value="report">Report</TabsTrigger>
        </TabsList>
        <TabsContent value="today">
          <DoseDayView
            planId={planId}
            date={date}
            setDate={(d) => update({ date: d, tab: 'today' })}
            medicationCount={list.data.medications.length}
            canManage={list.data.canManage}
          />
        </TabsContent>
        <TabsContent value="medications">
          <MedicationList planId={planId} days={days} setDays={(d) => update({ days: String(d) })} />
        </TabsContent>
        <TabsContent value="report">
          <MedicationReport planId={planId} days={days} setDays={(d) => update({ days: String(d) })} />
        </TabsContent>
      </Tabs>
    </>
  );
}

/**
 * `/family/care-management/:carePlanId/medications`: the day's doses, the medication list and
 * adherence reports of one plan (issue 17). The owner, accepted team members and admins see it;
 * the server decides who records and who changes.
 */
export function MedicationsPage({ planId }: { planId: string }) {
  return (
    <PageShell>
      <SignedInOnly title="Medications" description="Sign in to see this care plan’s medications.">
        <MedicationsBody planId={planId} />
      </SignedInOnly>
    </PageShell>
  );
}
