import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { MEDICATION_MESSAGES } from '@tavara/shared/medications/medication-codes';
import { stubApi } from '@/testing/api-stub';
import { renderApp } from '@/testing/render-app';
import type { DoseItem } from '../api/medications-api';
import { DoseDetailsDialog } from './dose-dialogs';
import { useRecordWithCheck } from './dose-recording';

afterEach(() => vi.restoreAllMocks());

const dose = {
  medicationId: 'm1',
  name: 'Metformin',
  dosage: '500 mg',
  scheduledFor: '2026-12-01T08:00',
} as DoseItem;

const record = { id: 'r1', status: 'given' } as const;

/** The details dialog of one dose with the 2-hour check's question, as the day view shows them. */
function DoseDetails({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const check = useRecordWithCheck('p1');
  return (
    <>
      <DoseDetailsDialog dose={dose} now="2026-12-01T10:30" check={check} onOpenChange={onOpenChange} />
      {check.dialog}
    </>
  );
}

const recordButton = () => page.getByRole('button', { name: 'Record', exact: true });

describe('recording one dose with details', () => {
  it('a skipped dose needs a reason; nothing is sent without one', async () => {
    const sent = stubApi({});
    renderApp(<DoseDetails onOpenChange={() => {}} />);
    await expect.element(page.getByRole('heading', { name: 'Metformin 500 mg' })).toBeInTheDocument();
    await userEvent.click(page.getByText('Skipped', { exact: true }));
    await userEvent.click(recordButton());
    await expect.element(page.getByText(MEDICATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    // (The session check the auth store starts is not a dose.)
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends the dose as given at its time, says so and closes', async () => {
    const sent = stubApi({ 'POST /api/care-plans/p1/doses': { json: { outcome: 'recorded', record } } });
    const onOpenChange = vi.fn();
    renderApp(<DoseDetails onOpenChange={onOpenChange} />);
    await expect.element(page.getByLabelText('Time given')).toHaveValue('2026-12-01T08:00');
    await userEvent.click(recordButton());
    await expect.element(page.getByText('Recorded: given.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/care-plans/p1/doses',
      body: { medicationId: 'm1', scheduledFor: '2026-12-01T08:00', status: 'given', givenAt: '2026-12-01T08:00' },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a record within 2 hours asks first; "Record both" sends it again with that answer', async () => {
    const sent = stubApi({
      'POST /api/care-plans/p1/doses': ({ body }) =>
        (body as { conflict: string }).conflict === 'ask'
          ? {
              json: {
                outcome: 'ask',
                conflict: { record, message: 'Metformin was recorded at 7:55 AM.' },
                warnings: [],
              },
            }
          : { json: { outcome: 'recorded', record } },
    });
    renderApp(<DoseDetails onOpenChange={() => {}} />);
    await userEvent.click(recordButton());
    await expect.element(page.getByRole('alertdialog', { name: 'Recorded already?' })).toBeInTheDocument();
    await expect.element(page.getByText('Metformin was recorded at 7:55 AM.')).toBeInTheDocument();
    await userEvent.click(page.getByRole('button', { name: 'Record both' }));
    await expect.element(page.getByText('Recorded: given.')).toBeInTheDocument();
    expect(sent.map((r) => (r.body as { conflict: string }).conflict)).toEqual(['ask', 'both']);
  });
});
