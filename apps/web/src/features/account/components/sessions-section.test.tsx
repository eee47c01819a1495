import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { AccountSession } from '@tavara/shared/account/account';
import { stubApi } from '@/testing/api-stub';
import { renderApp } from '@/testing/render-app';
import { SessionsSection } from './sessions-section';

afterEach(() => vi.restoreAllMocks());

const session = (id: string, browser: string, os: string, current: boolean): AccountSession => ({
  id,
  browser,
  os,
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-30T08:00:00.000Z',
  lastSeenAt: '2026-12-01T09:30:00.000Z',
  current,
});
const here = session('s1', 'Chrome', 'Linux', true);
const phone = session('s2', 'Firefox', 'Android', false);

/** The devices list as the server has it now: `signedIn` changes when a device is signed out. */
const sessionsOf = (signedIn: { list: AccountSession[] }) => () => ({ json: { sessions: signedIn.list } });
const reads = (sent: { method: string; path: string }[]) =>
  sent.filter((r) => r.method === 'GET' && r.path === '/api/account/sessions').length;

describe('signed-in devices on the account page', () => {
  it('signing out another device sends it, says so, and the list is read again without it', async () => {
    const server = { list: [here, phone] };
    const sent = stubApi({
      'GET /api/account/sessions': sessionsOf(server),
      'DELETE /api/account/sessions/s2': () => {
        server.list = [here];
        return { json: { ok: true } };
      },
    });
    renderApp(<SessionsSection />);
    await userEvent.click(page.getByRole('button', { name: 'Sign out Firefox on Android' }));
    await expect.element(page.getByText('Signed out Firefox on Android.')).toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Sign out Firefox on Android' })).not.toBeInTheDocument();
    await expect.element(page.getByText('No other device is signed in.')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/account/sessions/s2']);
    expect(reads(sent)).toBe(2);
  });

  it('a device signed out elsewhere meanwhile: the refusal is said, and the list is read again all the same', async () => {
    const server = { list: [here, phone] };
    const sent = stubApi({
      'GET /api/account/sessions': sessionsOf(server),
      'DELETE /api/account/sessions/s2': () => {
        server.list = [here];
        return { status: 404, json: { error: { code: 'not_found', message: 'That device is already signed out.' } } };
      },
    });
    renderApp(<SessionsSection />);
    await userEvent.click(page.getByRole('button', { name: 'Sign out Firefox on Android' }));
    await expect.element(page.getByText('That device is already signed out.')).toBeInTheDocument();
    await expect.element(page.getByText('No other device is signed in.')).toBeInTheDocument();
    expect(reads(sent)).toBe(2);
  });
});
