import { parseCookies, serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { readCookie, verifySignedToken } from './session-lookup';

/**
 * Issue 33, item 6: session-lookup.ts re-implements how Better Auth's router (better-call) signs
 * and reads the session cookie, so a request is authenticated in one query. This test signs and
 * parses with better-call itself: if an upgrade changes the signature (algorithm, encoding,
 * separator) or how a Cookie header is read, it fails here, loudly, instead of every request
 * silently turning into a visitor.
 */
const SECRET = 'contract-test-secret-0123456789abcdef';
const TOKEN = 'aXbYcZ0123456789tokenValue';

async function signedCookieValue(name: string, token: string, secret: string) {
  const header = await serializeSignedCookie(name, token, secret);
  return parseCookies(header).get(name)!;
}

describe('session cookie contract with better-call', () => {
  it('a cookie better-call signs is accepted and gives back its token', async () => {
    const raw = await signedCookieValue('tavara.session_token', TOKEN, SECRET);
    const value = readCookie(`tavara.session_token=${raw}`, 'tavara.session_token');
    expect(verifySignedToken(value, SECRET)).toBe(TOKEN);
  });

  it('a cookie signed with another secret, or tampered with, is refused', async () => {
    const raw = await signedCookieValue('tavara.session_token', TOKEN, 'another-secret-0123456789abcdef');
    expect(verifySignedToken(decodeURIComponent(raw), SECRET)).toBeUndefined();
    const good = decodeURIComponent(await signedCookieValue('tavara.session_token', TOKEN, SECRET));
    expect(verifySignedToken(good.replace(TOKEN, `${TOKEN}x`), SECRET)).toBeUndefined();
    expect(verifySignedToken(good.slice(0, -2), SECRET)).toBeUndefined();
  });

  it('reads the same cookie as better-call when a header carries it twice or quoted', async () => {
    const first = await signedCookieValue('tavara.session_token', TOKEN, SECRET);
    const second = await signedCookieValue('tavara.session_token', 'otherToken0123456789', SECRET);
    for (const header of [
      `a=1; tavara.session_token=${first}; tavara.session_token=${second}`,
      `tavara.session_token="${first}"; b=2`,
    ]) {
      const ours = readCookie(header, 'tavara.session_token');
      const theirs = parseCookies(header).get('tavara.session_token');
      expect(verifySignedToken(ours, SECRET)).toBe(TOKEN);
      expect(ours).toBe(theirs === undefined ? undefined : decodeURIComponent(theirs.replace(/^"|"$/g, '')));
    }
  });
});
