import { afterEach, describe, expect, it, vi } from 'vitest';

// The server's answers, one per call, handed over by the test when it chooses (a slow network).
const pending: { resolve: (value: unknown) => void; path: string }[] = [];
vi.mock('./auth-client', () => ({
  authClient: {
    getSession: () => new Promise((resolve) => pending.push({ resolve, path: 'get-session' })),
    getAccount: () => new Promise((resolve) => pending.push({ resolve, path: 'profile/me' })),
    signOut: () => Promise.resolve(),
  },
}));

// Node has no window: the stored keys live in memory for this test.
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  key = (index: number) => [...this.items.keys()][index] ?? null;
  get length() {
    return this.items.size;
  }
}
vi.stubGlobal('window', { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });

const { loadAccount, signOut } = await import('./auth');

const user = { id: 'u1', email: 'marisa@example.tt', name: 'Marisa', role: 'family', twoFactorEnabled: true };
const session = { session: { expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, user };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  pending.length = 0;
});

describe('the signed-in state', () => {
  it('is filled in by an account read', async () => {
    const reading = loadAccount();
    await flush();
    pending.shift()?.resolve(session);
    await flush();
    pending.shift()?.resolve({ role: 'family', profile: { role: 'family' }, profileComplete: true });
    expect((await reading).user?.email).toBe('marisa@example.tt');
    await signOut();
  });

  it('stays signed out when an account read that started before the sign-out answers after it', async () => {
    // Turning two-factor on re-reads the account; the person taps Sign Out before it answers.
    const reading = loadAccount();
    await flush();
    pending.shift()?.resolve(session);
    await flush();
    await signOut();
    pending.shift()?.resolve({ role: 'family', profile: { role: 'family' }, profileComplete: true });
    const after = await reading;
    expect(after.user).toBeNull();
    expect(after.role).toBeNull();
  });

  it('stays signed out when the sign-out comes before the session answer', async () => {
    const reading = loadAccount();
    await flush();
    await signOut();
    pending.shift()?.resolve(session);
    expect((await reading).user).toBeNull();
    expect(pending).toHaveLength(0);
  });
});
