import type { AccessRow } from '../../testing/access';

/**
 * Training (issue 21). The curriculum and the certificate check are public; progress, quizzes and
 * certificates belong to the signed-in professional (other roles 403); the figures and revoking
 * are the admin's. Owner-versus-other cases are in training.authorization.test.ts.
 */
const OWN = {
  file: 'training.authorization.test.ts',
  test: 'owner vs other: progress and the certificate come from the session only',
};
/** A professional's own learning: other roles are refused (403). */
const PRO = ['professional'] as const;

export const accessRows: AccessRow[] = [
  { method: 'GET', path: '/api/training/overview', who: 'anyone' },
  { method: 'GET', path: '/api/training/modules/:moduleId/lessons/:lessonId', who: 'anyone' },
  { method: 'GET', path: '/api/training/certificates/:code', who: 'anyone' },
  {
    method: 'PUT',
    path: '/api/training/modules/:moduleId/lessons/:lessonId/completion',
    who: 'owner',
    roles: PRO,
    ownerTest: OWN,
  },
  { method: 'GET', path: '/api/training/modules/:moduleId/quiz', who: 'owner', roles: PRO, ownerTest: OWN },
  { method: 'POST', path: '/api/training/modules/:moduleId/quiz/attempts', who: 'owner', roles: PRO, ownerTest: OWN },
  { method: 'GET', path: '/api/training/certificate', who: 'owner', roles: PRO, ownerTest: OWN },
  { method: 'POST', path: '/api/training/certificate', who: 'owner', roles: PRO, ownerTest: OWN },
  { method: 'GET', path: '/api/training/certificate/pdf', who: 'owner', roles: PRO, ownerTest: OWN },
  { method: 'GET', path: '/api/admin/training/stats', who: 'admin' },
  { method: 'GET', path: '/api/admin/training/certificates', who: 'admin' },
  { method: 'POST', path: '/api/admin/training/certificates/:certificateId/revoke', who: 'admin' },
  { method: 'POST', path: '/api/admin/training/certificates/:certificateId/allow-reissue', who: 'admin' },
];
