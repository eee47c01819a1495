import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { AUTH_MESSAGES } from '@tavara/shared/auth/auth-messages';
import { stubApi } from '@/testing/api-stub';
import { renderApp } from '@/testing/render-app';
import { PasswordSection } from './password-section';

afterEach(() => vi.restoreAllMocks());

const fillIn = async (current: string, next: string, again: string) => {
  await userEvent.fill(page.getByLabelText('Current password'), current);
  await userEvent.fill(page.getByLabelText('New password', { exact: true }), next);
  await userEvent.fill(page.getByLabelText('New password again'), again);
  await userEvent.click(page.getByRole('button', { name: 'Change password' }));
};

describe('changing the password on the account page', () => {
  it('two new passwords that differ are refused beside the field; nothing is sent', async () => {
    const sent = stubApi({});
    renderApp(<PasswordSection />);
    await fillIn('old-secret-1', 'new-secret-22', 'new-secret-23');
    await expect.element(page.getByText(AUTH_MESSAGES.passwordsDontMatch)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the change, signing out every other device, and empties the fields', async () => {
    const sent = stubApi({ 'POST /api/auth/change-password': { json: { token: null } } });
    renderApp(<PasswordSection />);
    await fillIn('old-secret-1', 'new-secret-22', 'new-secret-22');
    await expect
      .element(page.getByText('Your password was changed. Every other device was signed out.'))
      .toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/auth/change-password',
        body: { currentPassword: 'old-secret-1', newPassword: 'new-secret-22', revokeOtherSessions: true },
      },
    ]);
    await expect.element(page.getByLabelText('Current password')).toHaveValue('');
  });

  it('a wrong current password is said beside it, and it gets the focus', async () => {
    stubApi({
      'POST /api/auth/change-password': {
        status: 400,
        json: { code: 'INVALID_PASSWORD', message: 'Invalid password' },
      },
    });
    renderApp(<PasswordSection />);
    await fillIn('wrong-one-1', 'new-secret-22', 'new-secret-22');
    await expect.element(page.getByText('Your current password is not right.')).toBeInTheDocument();
    await expect.element(page.getByLabelText('Current password')).toHaveFocus();
  });
});
