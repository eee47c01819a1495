import { describe, expect, it } from 'vitest';
import { ROUTES, fillRouteParams, legacyRedirectTarget } from './routes';

const at = (href: string) => {
  const url = new URL(href, 'https://tavara.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('legacy redirects', () => {
  it('sends ?route=faq to /faq', () => {
    expect(legacyRedirectTarget(at('/?route=faq'))).toBe('/faq');
  });

  it('keeps the other query parameters of a ?route= link', () => {
    expect(legacyRedirectTarget(at('/?route=registration/family&session=abc'))).toBe(
      '/registration/family?session=abc',
    );
  });

  it('never turns ?route= into a link to another site', () => {
    expect(legacyRedirectTarget(at('/?route=//evil.example/x'))).toBe('/evil.example/x');
    expect(legacyRedirectTarget(at('/?route=%5C%5Cevil.example'))).toBe('/evil.example');
    expect(legacyRedirectTarget(at('/?route=%09//evil.example'))).toBe('/evil.example');
    expect(legacyRedirectTarget(at('/?route=%0a//evil.example'))).toBe('/evil.example');
    expect(legacyRedirectTarget(at('/?route=/%0d%09/%20/evil.example'))).toBe('/evil.example');
  });

  it('opens a reset link written as a hash on the confirm page with its query string', () => {
    expect(legacyRedirectTarget(at('/#/auth/reset-password/confirm?token=t1&type=recovery&email=a%40b.tt'))).toBe(
      '/auth/reset-password/confirm?token=t1&type=recovery&email=a%40b.tt',
    );
  });

  it('keeps the page query string when the hash has none', () => {
    expect(legacyRedirectTarget(at('/?token=t2#/auth/reset-password/confirm'))).toBe(
      '/auth/reset-password/confirm?token=t2',
    );
  });

  it('leaves ordinary URLs and other hashes alone', () => {
    expect(legacyRedirectTarget(at('/about'))).toBeUndefined();
    expect(legacyRedirectTarget(at('/faq#privacy'))).toBeUndefined();
    expect(legacyRedirectTarget(at('/#/auth/reset-password/confirmation'))).toBeUndefined();
  });
});

describe('route table', () => {
  it('lists every path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    // The spec's 41, plus /terms and /privacy (issue 14) and the training quiz and certificate
    // check (issue 21), the person's own account page (issue 22), and the notification settings
    // and unsubscribe pages (issue 18), and the care circles (issue 30).
    expect(paths).toHaveLength(51);
    expect(ROUTES.filter((r) => 'beyondSpec' in r).map((r) => r.path)).toEqual([
      '/terms',
      '/privacy',
      '/professional/training-resources/module/:moduleId/quiz',
      '/verify-certificate',
      '/verify-certificate/:code',
      '/account',
      '/settings/notifications',
      '/notifications/unsubscribe',
      '/circles',
      '/circle/:planId',
    ]);
  });

  it('fills parameters so a path can be visited', () => {
    expect(fillRouteParams('/professional/training-resources/module/:moduleId/lesson/:lessonId', 'x')).toBe(
      '/professional/training-resources/module/x/lesson/x',
    );
  });
});
