import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { stubApi, type SentRequest } from '@/testing/api-stub';
import { renderApp } from '@/testing/render-app';
import { UsersPanel } from './users-panel';

afterEach(() => vi.restoreAllMocks());

const user = (id: string, email: string, role: string, name = '') => ({
  id,
  email,
  name,
  role,
  emailVerified: true,
  createdAt: '2026-11-01T12:00:00.000Z',
});
const admin = user('u-admin', 'admin@example.tt', 'admin', 'Ada Admin');
const family = user('u-fam', 'maria@example.tt', 'family', 'Maria Baptiste');

/** The users the server lists for a request: filtered by the search, as the API does. */
const listUsers = ({ path }: SentRequest) => {
  const search = new URL(path, location.origin).searchParams.get('search') ?? '';
  const users = [admin, family].filter((u) => u.email.includes(search));
  return { json: { users, total: users.length, page: 1, pageSize: 20 } };
};
const userRequests = (sent: SentRequest[]) => sent.filter((r) => r.path.startsWith('/api/admin/users?'));

describe('the admin’s users panel', () => {
  it('lists the users; the admin’s own row has no actions', async () => {
    stubApi({ 'GET /api/admin/users': listUsers });
    renderApp(<UsersPanel currentUserId="u-admin" />);
    await expect.element(page.getByText('2 users')).toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Change role of maria@example.tt' }).first()).toBeVisible();
    await expect
      .element(page.getByRole('button', { name: 'Change role of admin@example.tt' }).first())
      .not.toBeInTheDocument();
    await expect.element(page.getByText('This is you').first()).toBeInTheDocument();
  });

  it('searches by what was typed, trimmed, from the first page', async () => {
    const sent = stubApi({ 'GET /api/admin/users': listUsers });
    renderApp(<UsersPanel currentUserId="u-admin" />);
    await expect.element(page.getByText('2 users')).toBeInTheDocument();
    await userEvent.fill(page.getByLabelText('Search by e-mail or name'), '  maria ');
    await userEvent.click(page.getByRole('button', { name: 'Search' }));
    await expect.element(page.getByText('1 user matching “maria”')).toBeInTheDocument();
    expect(userRequests(sent).map((r) => r.path)).toEqual([
      '/api/admin/users?page=1',
      '/api/admin/users?page=1&search=maria',
    ]);
  });

  it('changing a role sends the new role for that user and says so', async () => {
    const sent = stubApi({
      'GET /api/admin/users': listUsers,
      'PATCH /api/admin/users/u-fam/role': { json: { user: { ...family, role: 'professional' } } },
    });
    renderApp(<UsersPanel currentUserId="u-admin" />);
    await userEvent.click(page.getByRole('button', { name: 'Change role of maria@example.tt' }).first());
    await userEvent.click(page.getByRole('radio', { name: 'Care Professional' }));
    await userEvent.click(page.getByRole('button', { name: 'Change role', exact: true }));
    await expect.element(page.getByText('Maria Baptiste is now a professional user.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/admin/users/u-fam/role', body: { role: 'professional' } },
    ]);
  });
});
