import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { MEDICATION_MESSAGES } from '@tavara/shared/medications/medication-codes';
import { stubApi } from '@/testing/api-stub';
import { renderApp } from '@/testing/render-app';
import { MedicationFormDialog } from './medication-form-dialog';

afterEach(() => vi.restoreAllMocks());

const addButton = () => page.getByRole('button', { name: 'Add medication' });

describe('adding a medication', () => {
  it('the name and dosage are needed, said beside them; nothing is sent', async () => {
    const sent = stubApi({});
    renderApp(<MedicationFormDialog planId="p1" today="2026-12-01" medication={null} open onOpenChange={() => {}} />);
    await userEvent.click(addButton());
    await expect.element(page.getByText(MEDICATION_MESSAGES.nameRequired)).toBeInTheDocument();
    await expect.element(page.getByText(MEDICATION_MESSAGES.dosageRequired)).toBeInTheDocument();
    await expect.element(page.getByLabelText('Medication name')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('an end before the start is refused', async () => {
    const sent = stubApi({});
    renderApp(<MedicationFormDialog planId="p1" today="2026-12-01" medication={null} open onOpenChange={() => {}} />);
    await userEvent.fill(page.getByLabelText('Medication name'), 'Metformin');
    await userEvent.fill(page.getByLabelText('Dosage'), '500 mg');
    await userEvent.fill(page.getByLabelText('End date (optional)'), '2026-11-30');
    await userEvent.click(addButton());
    await expect.element(page.getByText(MEDICATION_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  // The form's input goes as typed: the server parses it with the same schema.
  it('sends the medication with its daily 8:00 dose to the plan, and says it was added', async () => {
    const sent = stubApi({ 'POST /api/care-plans/p1/medications': { json: { medication: { id: 'm1' } } } });
    const onOpenChange = vi.fn();
    renderApp(
      <MedicationFormDialog planId="p1" today="2026-12-01" medication={null} open onOpenChange={onOpenChange} />,
    );
    await userEvent.fill(page.getByLabelText('Medication name'), 'Metformin');
    await userEvent.fill(page.getByLabelText('Dosage'), '500 mg');
    await userEvent.click(addButton());
    await expect.element(page.getByText('Metformin added.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/care-plans/p1/medications',
      body: {
        name: 'Metformin',
        dosage: '500 mg',
        startDate: '2026-12-01',
        schedule: { kind: 'times', repeat: 'daily', times: [{ time: '08:00' }] },
      },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
