import { describe, expect, it } from 'vitest';
import { postLoginDecision, type PostLoginInput } from './post-login-redirect';

const base: PostLoginInput = {
  pathname: '/auth',
  role: 'family',
  profileComplete: false,
  skipRequested: false,
  lastAction: null,
  lastPath: null,
  pendingFeatureId: null,
};

describe('post-login redirect (spec §4)', () => {
  it('1: skipped on the reset-confirm page, under /family/, or when asked', () => {
    expect(postLoginDecision({ ...base, pathname: '/auth/reset-password/confirm' })).toEqual({ kind: 'skip' });
    expect(postLoginDecision({ ...base, pathname: '/family/story' })).toEqual({ kind: 'skip' });
    expect(postLoginDecision({ ...base, skipRequested: true })).toEqual({ kind: 'skip' });
  });

  it('2 and 3: the story and a pending upvote come first', () => {
    expect(postLoginDecision({ ...base, lastPath: '/family/story', lastAction: 'tell-story' })).toMatchObject({
      to: '/family/story',
    });
    expect(postLoginDecision({ ...base, pendingFeatureId: 'f1', lastPath: '/features' })).toMatchObject({
      to: '/features',
      reason: 'pending-upvote',
    });
  });

  it('from an invitation e-mail: the invitation before the registration form or the dashboard (issue 31)', () => {
    for (const profileComplete of [false, true]) {
      expect(postLoginDecision({ ...base, role: 'professional', profileComplete, invitationFirst: true })).toEqual({
        kind: 'go',
        to: '/professional/schedule#invitations',
        reason: 'invitation',
      });
    }
    expect(postLoginDecision({ ...base, invitationFirst: true })).toMatchObject({
      to: '/family/care-management#invitations',
    });
    // Community members and admins are never invited to a team: their usual place.
    expect(postLoginDecision({ ...base, role: 'admin', invitationFirst: true })).toMatchObject({
      to: '/dashboard/admin',
    });
  });

  it('4: complete → the dashboard; incomplete → the registration form; admin → its dashboard', () => {
    expect(postLoginDecision({ ...base, profileComplete: true })).toMatchObject({ to: '/dashboard/family' });
    expect(postLoginDecision(base)).toMatchObject({ to: '/registration/family', reason: 'profile' });
    expect(postLoginDecision({ ...base, role: 'admin' })).toMatchObject({ to: '/dashboard/admin' });
    expect(postLoginDecision({ ...base, pathname: '/registration/family' })).toEqual({ kind: 'stay' });
  });

  it('4: sent to sign in from their own form, they go back to that address with the chat session', () => {
    const lastPath = '/registration/professional-fix?session=abc';
    expect(postLoginDecision({ ...base, role: 'professional', lastPath })).toEqual({
      kind: 'go',
      to: lastPath,
      reason: 'registration-form',
    });
    expect(
      postLoginDecision({ ...base, role: 'professional', lastPath, pathname: '/registration/professional-fix' }),
    ).toEqual({
      kind: 'stay',
    });
    // Another role's form is not theirs: their own plain form instead.
    expect(postLoginDecision({ ...base, lastPath: '/registration/community?session=abc' })).toMatchObject({
      to: '/registration/family',
    });
    // Once registered, the dashboard wins.
    expect(
      postLoginDecision({ ...base, profileComplete: true, lastPath: '/registration/family?session=abc' }),
    ).toMatchObject({
      to: '/dashboard/family',
    });
  });

  it('5: no role → home', () => {
    expect(postLoginDecision({ ...base, role: null })).toMatchObject({ to: '/', reason: 'home' });
    expect(postLoginDecision({ ...base, role: null, pathname: '/' })).toEqual({ kind: 'stay' });
  });
});
