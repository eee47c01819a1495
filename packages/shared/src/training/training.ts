import { z } from 'zod';

/**
 * Training (issue 21): the contracts the API and the web share. The curriculum itself is content
 * (apps/api/content/training), seeded into the database; these are the shapes around it.
 */

/** A quiz passes at 80 % or more (rounded down never helps: 4 of 5 passes, 7 of 9 does not). */
export const QUIZ_PASS_PERCENT = 80;
export const TRAINING_MODULE_COUNT = 7;

export const QUIZ_KINDS = ['single', 'multiple'] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

/** Ids in content are lowercase slugs; the API refuses anything else before touching the database. */
export const trainingSlugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'Not a valid id.');

export interface TrainingLessonSummary {
  id: string;
  title: string;
  minutes: number;
  completed: boolean;
}

export interface TrainingModuleSummary {
  id: string;
  position: number;
  title: string;
  summary: string;
  minutes: number;
  lessons: TrainingLessonSummary[];
  /** Present when a professional is signed in (progress is theirs); null for everyone else. */
  progress: {
    completedLessons: number;
    totalLessons: number;
    quizPassed: boolean;
    /** Best quiz score in percent, or null before the first attempt. */
    bestScorePercent: number | null;
    /** Lessons done and quiz passed. */
    completed: boolean;
    /** The lesson to open on "Continue": the first unfinished one, else the first. */
    resumeLessonId: string;
  } | null;
}

export interface TrainingCertificate {
  code: string;
  name: string;
  /** ISO instant. */
  issuedAt: string;
}

export interface TrainingOverview {
  modules: TrainingModuleSummary[];
  /** Whether the viewer can track progress (a signed-in professional). */
  tracking: boolean;
  certificate: TrainingCertificate | null;
  /**
   * True when all modules are complete (lessons and quiz) and nothing holds the certificate back —
   * it can be issued.
   */
  eligibleForCertificate: boolean;
  /**
   * An admin revoked this person's certificate and has not allowed a new one yet: no certificate
   * can be issued until they do (revoking would mean nothing if one click replaced it).
   */
  certificateRevoked: boolean;
}

export interface TrainingLesson {
  moduleId: string;
  moduleTitle: string;
  id: string;
  title: string;
  minutes: number;
  /** 1-based position within the module, and the module's lesson count. */
  number: number;
  total: number;
  /** The lesson rendered from Markdown on the server with raw HTML disabled (decision 019). */
  html: string;
  previousLessonId: string | null;
  nextLessonId: string | null;
  completed: boolean | null;
}

export interface QuizQuestionForAttempt {
  id: string;
  prompt: string;
  kind: QuizKind;
  options: { id: string; text: string }[];
}

export interface QuizForAttempt {
  moduleId: string;
  moduleTitle: string;
  passPercent: number;
  /** Shuffled for every attempt; no correct answers in here. */
  questions: QuizQuestionForAttempt[];
}

export const quizSubmissionSchema = z.object({
  /** Question id → chosen option ids. */
  answers: z.record(trainingSlugSchema, z.array(z.string().min(1).max(20)).max(10)),
});
export type QuizSubmission = z.infer<typeof quizSubmissionSchema>;

export interface QuizResult {
  scorePercent: number;
  correctCount: number;
  total: number;
  passed: boolean;
  passPercent: number;
  questions: {
    id: string;
    correct: boolean;
    chosenOptionIds: string[];
    /**
     * The right options, only on a passed attempt; null after a fail (option ids do not change
     * between shuffles, so the key would let the retry be copied rather than learned).
     */
    correctOptionIds: string[] | null;
    /** Shown after every attempt, passed or not. */
    explanation: string;
  }[];
  moduleCompleted: boolean;
  eligibleForCertificate: boolean;
}

export interface CertificateVerification {
  name: string;
  /** ISO instant of issue. */
  issuedAt: string;
}

export interface AdminTrainingStats {
  /** Professionals who have completed at least one lesson. */
  learners: number;
  modules: {
    id: string;
    title: string;
    /** Professionals with every lesson of the module done. */
    lessonsCompleted: number;
    /** Professionals who passed its quiz. */
    quizPassed: number;
    attempts: number;
  }[];
  certificatesActive: number;
}

export interface AdminCertificate {
  id: string;
  code: string;
  name: string;
  email: string | null;
  issuedAt: string;
  revokedAt: string | null;
  revokeReason: string | null;
  /** When an admin allowed a new certificate after this one was revoked; null while the hold stands. */
  reissueAllowedAt: string | null;
}

export const certificateRevokeSchema = z.object({
  reason: z.string().trim().min(3, 'Give a short reason (at least 3 characters).').max(300, 'At most 300 characters.'),
});

// Zod-free so the public verification page does not load zod (~25 kB gzip) for two helpers.
export { CERTIFICATE_CODE_PATTERN, normalizeCertificateCode } from './certificate-code';

export const TRAINING_MESSAGES = {
  professionalsOnly: 'Training progress is kept for care professionals. Sign in with a professional account.',
  moduleNotFound: 'We could not find that training module.',
  lessonNotFound: 'We could not find that lesson.',
  quizLocked: 'Finish every lesson in this module to unlock its quiz.',
  notEligible: 'Complete all seven modules, including their quizzes, to receive your certificate.',
  noCertificate: 'You do not have a certificate yet.',
  certificateInvalid: 'This code does not match a valid Tavara training certificate.',
  certificateRevoked: 'This certificate has been revoked and is no longer valid.',
  certificateNotFound: 'That certificate no longer exists.',
  alreadyRevoked: 'This certificate was already revoked.',
  certificateOnHold:
    'Your certificate was revoked. A new one can be issued only after the Tavara team allows it — contact us if you think this is a mistake.',
  notRevoked: 'This certificate is still valid, so there is nothing to allow.',
  reissueAlreadyAllowed: 'A new certificate was already allowed after this one was revoked.',
} as const;
