import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { ProfessionalCard } from '@tavara/shared/matching/matching';
import { stubApi } from '@/testing/api-stub';
import { renderApp } from '@/testing/render-app';
import { InviteDialog } from './invite-dialog';

afterEach(() => vi.restoreAllMocks());

const professional = { id: 'pro-1', displayName: 'Kelly P.' } as ProfessionalCard;
const plan = (id: string, title: string, recipientName: string) => ({ id, title, recipientName, archivedAt: null });
const plans = { json: { plans: [plan('p1', 'Care for Mum', 'Mum'), plan('p2', 'Care for Dad', 'Dad')], teams: [] } };

describe('inviting a matched professional to a care plan', () => {
  it('with two plans, asks which one first; nothing is sent until one is chosen', async () => {
    const sent = stubApi({ 'GET /api/care-plans': plans });
    renderApp(<InviteDialog viewer="u1" professional={professional} onClose={() => {}} onInvited={() => {}} />);
    await userEvent.click(page.getByRole('button', { name: 'Send invitation' }));
    await expect.element(page.getByText('Choose the care plan to invite them to.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('sends the chosen plan’s invitation with the role, then says so', async () => {
    const sent = stubApi({
      'GET /api/care-plans': plans,
      'POST /api/care-plans/p2/invitations': { json: { emailed: true } },
    });
    const onInvited = vi.fn();
    renderApp(<InviteDialog viewer="u1" professional={professional} onClose={() => {}} onInvited={onInvited} />);
    await userEvent.click(page.getByText('Care for Dad'));
    await userEvent.selectOptions(page.getByLabelText('Their role on the team'), 'nurse');
    await userEvent.click(page.getByRole('button', { name: 'Send invitation' }));
    await expect.element(page.getByText('Invitation sent to Kelly P..')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/care-plans/p2/invitations',
        body: { kind: 'professional', professionalId: 'pro-1', teamRole: 'nurse' },
      },
    ]);
    expect(onInvited).toHaveBeenCalled();
  });
});
