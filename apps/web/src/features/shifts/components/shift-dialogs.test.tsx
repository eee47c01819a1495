import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { CARE_PLAN_MESSAGES } from '@tavara/shared/care-plans/plan-codes';
import { stubApi } from '@/testing/api-stub';
import { renderApp } from '@/testing/render-app';
import { CancelShiftDialog, CheckOutDialog } from './shift-dialogs';

afterEach(() => vi.restoreAllMocks());

const cancelButton = () => page.getByRole('button', { name: 'Cancel shift' });

describe('cancelling a shift', () => {
  it('asks for the reason the team will see, and sends nothing without one', async () => {
    const sent = stubApi({});
    renderApp(<CancelShiftDialog shiftId="s1" label="Mon 1 Dec, 8:00 am – 4:00 pm" open onOpenChange={() => {}} />);
    await expect.element(page.getByText('Mon 1 Dec, 8:00 am – 4:00 pm')).toBeInTheDocument();
    await userEvent.click(cancelButton());
    await expect.element(page.getByText(CARE_PLAN_MESSAGES.reasonRequired)).toBeInTheDocument();
    await expect.element(page.getByLabelText('Reason')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('sends the reason to the shift, says so and closes', async () => {
    const sent = stubApi({ 'POST /api/shifts/s1/cancel': { json: { ok: true } } });
    const onOpenChange = vi.fn();
    renderApp(<CancelShiftDialog shiftId="s1" label="Monday" open onOpenChange={onOpenChange} />);
    await userEvent.fill(page.getByLabelText('Reason'), '  Family away this week ');
    await userEvent.click(cancelButton());
    await expect.element(page.getByText('Shift cancelled.')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', path: '/api/shifts/s1/cancel', body: { reason: 'Family away this week' } },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a refusal shows the server’s message and keeps the dialog and what was typed', async () => {
    stubApi({
      'POST /api/shifts/s1/cancel': {
        status: 409,
        json: { error: { code: 'conflict', message: 'This shift has already started.' } },
      },
    });
    const onOpenChange = vi.fn();
    renderApp(<CancelShiftDialog shiftId="s1" label="Monday" open onOpenChange={onOpenChange} />);
    await userEvent.fill(page.getByLabelText('Reason'), 'Family away');
    await userEvent.click(cancelButton());
    await expect.element(page.getByText('This shift has already started.')).toBeInTheDocument();
    await expect.element(page.getByLabelText('Reason')).toHaveValue('Family away');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('checking out of a shift', () => {
  it('sends the note for the family with the check-out', async () => {
    const sent = stubApi({ 'POST /api/shifts/s2/check-out': { json: { ok: true } } });
    renderApp(<CheckOutDialog shift={{ id: 's2', planId: 'p1' }} label="Tuesday" open onOpenChange={() => {}} />);
    await userEvent.fill(page.getByLabelText('A note for the family'), 'Lunch eaten, walked to the gate.');
    await userEvent.click(page.getByRole('button', { name: 'Check out' }));
    await expect.element(page.getByText('Checked out. The family sees the shift done.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/shifts/s2/check-out',
        // With the key made on this device and when it happened (issue 29): a retry records it once.
        body: {
          note: 'Lunch eaten, walked to the gate.',
          clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
          occurredAt: expect.any(String),
        },
      },
    ]);
  });
});
