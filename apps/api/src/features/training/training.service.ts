import { randomInt } from 'node:crypto';
import {
  type AdminCertificate,
  type AdminTrainingStats,
  type CertificateVerification,
  QUIZ_PASS_PERCENT,
  type QuizForAttempt,
  type QuizResult,
  TRAINING_MESSAGES,
  type TrainingCertificate,
  type TrainingLesson,
  type TrainingModuleSummary,
  type TrainingOverview,
} from '@tavara/shared/training/training';
import { and, asc, count, countDistinct, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import {
  trainingCertificates,
  trainingLessonProgress,
  trainingLessons,
  trainingModules,
  trainingQuizAttempts,
  trainingQuizQuestions,
} from '../../db/schema/training';
import { AppError } from '../../lib/app-error';
import { type AuditActor, recordAdminAction } from '../../lib/audit-log';
import { renderLessonMarkdown } from './lesson-markdown';
import { scoreQuiz, shuffled } from './quiz-scoring';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who is asking: a professional's id when progress applies, otherwise null (content only). */
export type Learner = { id: string } | null;

interface ModuleRow {
  id: string;
  position: number;
  title: string;
  summary: string;
  lessons: { id: string; title: string; minutes: number }[];
}

/** Pure: where "Continue" goes — the first unfinished lesson in order, else the first lesson. */
export function resumeLessonId(lessonIds: string[], completed: ReadonlySet<string>): string {
  return lessonIds.find((id) => !completed.has(id)) ?? lessonIds[0] ?? '';
}

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `TVR-XXXX-XXXX-XXXX`: 60 random bits in Crockford base32, so codes cannot be guessed. */
export function newCertificateCode(): string {
  let body = '';
  for (let i = 0; i < 12; i++) body += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `TVR-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8)}`;
}

function toAdminCertificate(
  row: {
    id: string;
    code: string;
    name: string;
    issuedAt: Date;
    revokedAt: Date | null;
    revokeReason: string | null;
    reissueAllowedAt: Date | null;
  },
  email: string | null,
): AdminCertificate {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    email,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokeReason: row.revokeReason,
    reissueAllowedAt: row.reissueAllowedAt?.toISOString() ?? null,
  };
}

export function createTrainingService(db: Database) {
  async function loadModules(): Promise<ModuleRow[]> {
    const [modules, lessons] = await Promise.all([
      db.select().from(trainingModules).orderBy(asc(trainingModules.position)),
      db
        .select({
          id: trainingLessons.id,
          moduleId: trainingLessons.moduleId,
          title: trainingLessons.title,
          minutes: trainingLessons.minutes,
        })
        .from(trainingLessons)
        .orderBy(asc(trainingLessons.moduleId), asc(trainingLessons.position)),
    ]);
    return modules.map((m) => ({
      id: m.id,
      position: m.position,
      title: m.title,
      summary: m.summary,
      lessons: lessons.filter((l) => l.moduleId === m.id).map(({ id, title, minutes }) => ({ id, title, minutes })),
    }));
  }

  async function learnerState(userId: string) {
    const [done, passed, best] = await Promise.all([
      db
        .select({ lessonId: trainingLessonProgress.lessonId })
        .from(trainingLessonProgress)
        .where(eq(trainingLessonProgress.userId, userId)),
      db
        .selectDistinct({ moduleId: trainingQuizAttempts.moduleId })
        .from(trainingQuizAttempts)
        .where(and(eq(trainingQuizAttempts.userId, userId), eq(trainingQuizAttempts.passed, true))),
      db
        .select({
          moduleId: trainingQuizAttempts.moduleId,
          best: sql<number>`max(${trainingQuizAttempts.scorePercent})::int`,
        })
        .from(trainingQuizAttempts)
        .where(eq(trainingQuizAttempts.userId, userId))
        .groupBy(trainingQuizAttempts.moduleId),
    ]);
    return {
      completedLessons: new Set(done.map((d) => d.lessonId)),
      passedModules: new Set(passed.map((p) => p.moduleId)),
      bestScores: new Map(best.map((b) => [b.moduleId, b.best])),
    };
  }

  function summarise(
    modules: ModuleRow[],
    state: Awaited<ReturnType<typeof learnerState>> | null,
  ): TrainingModuleSummary[] {
    return modules.map((m) => {
      const lessonIds = m.lessons.map((l) => l.id);
      const doneCount = state ? lessonIds.filter((id) => state.completedLessons.has(id)).length : 0;
      const quizPassed = state?.passedModules.has(m.id) ?? false;
      return {
        id: m.id,
        position: m.position,
        title: m.title,
        summary: m.summary,
        minutes: m.lessons.reduce((sum, l) => sum + l.minutes, 0),
        lessons: m.lessons.map((l) => ({ ...l, completed: state?.completedLessons.has(l.id) ?? false })),
        progress: state
          ? {
              completedLessons: doneCount,
              totalLessons: lessonIds.length,
              quizPassed,
              bestScorePercent: state.bestScores.get(m.id) ?? null,
              completed: doneCount === lessonIds.length && quizPassed,
              resumeLessonId: resumeLessonId(lessonIds, state.completedLessons),
            }
          : null,
      };
    });
  }

  async function validCertificate(userId: string): Promise<TrainingCertificate | null> {
    const [row] = await db
      .select()
      .from(trainingCertificates)
      .where(and(eq(trainingCertificates.userId, userId), isNull(trainingCertificates.revokedAt)))
      .limit(1);
    return row ? { code: row.code, name: row.name, issuedAt: row.issuedAt.toISOString() } : null;
  }

  /** A revoked certificate of theirs that no admin has allowed a replacement for. */
  async function certificateOnHold(userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: trainingCertificates.id })
      .from(trainingCertificates)
      .where(
        and(
          eq(trainingCertificates.userId, userId),
          isNotNull(trainingCertificates.revokedAt),
          isNull(trainingCertificates.reissueAllowedAt),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async function overview(learner: Learner): Promise<TrainingOverview> {
    const modules = await loadModules();
    if (!learner)
      return {
        modules: summarise(modules, null),
        tracking: false,
        certificate: null,
        eligibleForCertificate: false,
        certificateRevoked: false,
      };
    const [state, certificate, onHold] = await Promise.all([
      learnerState(learner.id),
      validCertificate(learner.id),
      certificateOnHold(learner.id),
    ]);
    const summaries = summarise(modules, state);
    const allComplete = summaries.length > 0 && summaries.every((m) => m.progress?.completed);
    return {
      modules: summaries,
      tracking: true,
      certificate,
      eligibleForCertificate: allComplete && !onHold,
      certificateRevoked: !certificate && onHold,
    };
  }

  async function moduleOrThrow(moduleId: string) {
    const [row] = await db.select().from(trainingModules).where(eq(trainingModules.id, moduleId)).limit(1);
    if (!row) throw new AppError('not_found', TRAINING_MESSAGES.moduleNotFound);
    return row;
  }

  async function lesson(moduleId: string, lessonId: string, learner: Learner): Promise<TrainingLesson> {
    const mod = await moduleOrThrow(moduleId);
    const lessons = await db
      .select()
      .from(trainingLessons)
      .where(eq(trainingLessons.moduleId, moduleId))
      .orderBy(asc(trainingLessons.position));
    const index = lessons.findIndex((l) => l.id === lessonId);
    const row = lessons[index];
    if (!row) throw new AppError('not_found', TRAINING_MESSAGES.lessonNotFound);
    let completed: boolean | null = null;
    if (learner) {
      const [done] = await db
        .select({ lessonId: trainingLessonProgress.lessonId })
        .from(trainingLessonProgress)
        .where(and(eq(trainingLessonProgress.userId, learner.id), eq(trainingLessonProgress.lessonId, lessonId)))
        .limit(1);
      completed = Boolean(done);
    }
    return {
      moduleId,
      moduleTitle: mod.title,
      id: row.id,
      title: row.title,
      minutes: row.minutes,
      number: index + 1,
      total: lessons.length,
      html: renderLessonMarkdown(row.bodyMarkdown),
      previousLessonId: lessons[index - 1]?.id ?? null,
      nextLessonId: lessons[index + 1]?.id ?? null,
      completed,
    };
  }

  /** Idempotent: the (user, lesson) primary key keeps one row however often it is called. */
  async function completeLesson(userId: string, moduleId: string, lessonId: string) {
    const [row] = await db
      .select({ id: trainingLessons.id })
      .from(trainingLessons)
      .where(and(eq(trainingLessons.id, lessonId), eq(trainingLessons.moduleId, moduleId)))
      .limit(1);
    if (!row) throw new AppError('not_found', TRAINING_MESSAGES.lessonNotFound);
    await db.insert(trainingLessonProgress).values({ userId, lessonId }).onConflictDoNothing();
    const summary = (await overview({ id: userId })).modules.find((m) => m.id === moduleId);
    return { module: summary };
  }

  async function questionsOf(moduleId: string) {
    return db
      .select()
      .from(trainingQuizQuestions)
      .where(eq(trainingQuizQuestions.moduleId, moduleId))
      .orderBy(asc(trainingQuizQuestions.position));
  }

  async function requireLessonsDone(userId: string, moduleId: string) {
    const [row] = await db
      .select({
        total: count(trainingLessons.id),
        done: count(trainingLessonProgress.lessonId),
      })
      .from(trainingLessons)
      .leftJoin(
        trainingLessonProgress,
        and(eq(trainingLessonProgress.lessonId, trainingLessons.id), eq(trainingLessonProgress.userId, userId)),
      )
      .where(eq(trainingLessons.moduleId, moduleId));
    if (!row || row.total === 0 || row.done < row.total) throw new AppError('conflict', TRAINING_MESSAGES.quizLocked);
  }

  async function quiz(userId: string, moduleId: string): Promise<QuizForAttempt> {
    const mod = await moduleOrThrow(moduleId);
    await requireLessonsDone(userId, moduleId);
    const questions = await questionsOf(moduleId);
    return {
      moduleId,
      moduleTitle: mod.title,
      passPercent: QUIZ_PASS_PERCENT,
      // Only what is needed to answer: never correctOptionIds or the explanation.
      questions: shuffled(questions).map((q) => ({
        id: q.id,
        prompt: q.prompt,
        kind: q.kind,
        options: shuffled(q.options).map((o) => ({ id: o.id, text: o.text })),
      })),
    };
  }

  async function submitQuiz(userId: string, moduleId: string, answers: Record<string, string[]>): Promise<QuizResult> {
    await moduleOrThrow(moduleId);
    await requireLessonsDone(userId, moduleId);
    const questions = await questionsOf(moduleId);
    const unknown = Object.keys(answers).filter((id) => !questions.some((q) => q.id === id));
    if (unknown.length > 0) {
      throw new AppError('validation_failed', 'Some answers do not belong to this quiz. Please reload the quiz.', {
        answers: 'Unknown question.',
      });
    }
    const score = scoreQuiz(questions, answers);
    await db.insert(trainingQuizAttempts).values({
      userId,
      moduleId,
      correctCount: score.correctCount,
      total: score.total,
      scorePercent: score.scorePercent,
      passed: score.passed,
      answers: Object.fromEntries(score.results.map((r) => [r.id, r.chosenOptionIds])),
    });
    const state = await overview({ id: userId });
    const explanations = new Map(questions.map((q) => [q.id, q.explanation]));
    return {
      scorePercent: score.scorePercent,
      correctCount: score.correctCount,
      total: score.total,
      passed: score.passed,
      passPercent: QUIZ_PASS_PERCENT,
      // Which options were right is shown once passed. After a fail, option ids are the same in
      // every shuffle, so the key would let a retry be copied instead of learned; the person gets
      // right/not quite and the explanation per question, and works the answer out again.
      questions: score.results.map((r) => ({
        ...r,
        correctOptionIds: score.passed ? r.correctOptionIds : null,
        explanation: explanations.get(r.id) ?? '',
      })),
      moduleCompleted: state.modules.find((m) => m.id === moduleId)?.progress?.completed ?? false,
      eligibleForCertificate: state.eligibleForCertificate,
    };
  }

  /**
   * Issues the certificate once every module is complete; asking again returns the same one.
   * Two requests at once: the partial unique index lets one insert win, the other reads it.
   * After a revocation nothing is issued until an admin allows it (`allowReissue`).
   */
  async function issueCertificate(account: { id: string; name: string }): Promise<TrainingCertificate> {
    const existing = await validCertificate(account.id);
    if (existing) return existing;
    const state = await overview(account);
    if (state.certificateRevoked) throw new AppError('conflict', TRAINING_MESSAGES.certificateOnHold);
    if (!state.eligibleForCertificate) throw new AppError('conflict', TRAINING_MESSAGES.notEligible);
    const [row] = await db
      .insert(trainingCertificates)
      .values({ userId: account.id, code: newCertificateCode(), name: account.name.trim() || 'Tavara learner' })
      .onConflictDoNothing()
      .returning();
    if (row) return { code: row.code, name: row.name, issuedAt: row.issuedAt.toISOString() };
    const winner = await validCertificate(account.id);
    if (winner) return winner;
    // The one that won was revoked in between: the hold applies to this request too.
    if (await certificateOnHold(account.id)) throw new AppError('conflict', TRAINING_MESSAGES.certificateOnHold);
    throw new Error('certificate insert conflicted but no valid certificate exists');
  }

  async function certificateOf(userId: string): Promise<TrainingCertificate> {
    const cert = await validCertificate(userId);
    if (!cert) throw new AppError('not_found', TRAINING_MESSAGES.noCertificate);
    return cert;
  }

  /** Public: name and date only, for a valid code. */
  async function verify(code: string): Promise<CertificateVerification> {
    const [row] = await db
      .select({
        name: trainingCertificates.name,
        issuedAt: trainingCertificates.issuedAt,
        revokedAt: trainingCertificates.revokedAt,
      })
      .from(trainingCertificates)
      .where(eq(trainingCertificates.code, code))
      .limit(1);
    if (!row) throw new AppError('not_found', TRAINING_MESSAGES.certificateInvalid);
    if (row.revokedAt) throw new AppError('not_found', TRAINING_MESSAGES.certificateRevoked);
    return { name: row.name, issuedAt: row.issuedAt.toISOString() };
  }

  async function adminStats(): Promise<AdminTrainingStats> {
    const modules = await loadModules();
    const [learnerRow] = await db
      .select({ n: countDistinct(trainingLessonProgress.userId) })
      .from(trainingLessonProgress);
    // Per module: people with every lesson done (count of their rows equals the lesson count).
    const lessonsDone = await db
      .select({ moduleId: trainingLessons.moduleId, userId: trainingLessonProgress.userId, n: count() })
      .from(trainingLessonProgress)
      .innerJoin(trainingLessons, eq(trainingLessons.id, trainingLessonProgress.lessonId))
      .groupBy(trainingLessons.moduleId, trainingLessonProgress.userId);
    const quiz = await db
      .select({
        moduleId: trainingQuizAttempts.moduleId,
        attempts: count(),
        passed: sql<number>`count(distinct ${trainingQuizAttempts.userId}) filter (where ${trainingQuizAttempts.passed})::int`,
      })
      .from(trainingQuizAttempts)
      .groupBy(trainingQuizAttempts.moduleId);
    const [active] = await db
      .select({ n: count() })
      .from(trainingCertificates)
      .where(isNull(trainingCertificates.revokedAt));
    return {
      learners: learnerRow?.n ?? 0,
      modules: modules.map((m) => {
        const q = quiz.find((row) => row.moduleId === m.id);
        return {
          id: m.id,
          title: m.title,
          lessonsCompleted: lessonsDone.filter((row) => row.moduleId === m.id && row.n === m.lessons.length).length,
          quizPassed: q?.passed ?? 0,
          attempts: q?.attempts ?? 0,
        };
      }),
      certificatesActive: active?.n ?? 0,
    };
  }

  async function adminCertificates(page: number, pageSize: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: trainingCertificates.id,
          code: trainingCertificates.code,
          name: trainingCertificates.name,
          email: user.email,
          issuedAt: trainingCertificates.issuedAt,
          revokedAt: trainingCertificates.revokedAt,
          revokeReason: trainingCertificates.revokeReason,
          reissueAllowedAt: trainingCertificates.reissueAllowedAt,
        })
        .from(trainingCertificates)
        .leftJoin(user, eq(user.id, trainingCertificates.userId))
        .orderBy(desc(trainingCertificates.issuedAt), desc(trainingCertificates.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(trainingCertificates),
    ]);
    const certificates: AdminCertificate[] = rows.map((r) => toAdminCertificate(r, r.email));
    return { certificates, total: total?.n ?? 0, page, pageSize };
  }

  /** The row locked for an admin change; 404 when it is gone. */
  async function lockCertificate(tx: Tx, certificateId: string) {
    const [current] = await tx
      .select()
      .from(trainingCertificates)
      .where(eq(trainingCertificates.id, certificateId))
      .for('update')
      .limit(1);
    if (!current) throw new AppError('not_found', TRAINING_MESSAGES.certificateNotFound);
    return current;
  }

  async function ownerEmail(tx: Tx, userId: string | null) {
    if (!userId) return null;
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
    return owner?.email ?? null;
  }

  /** Revokes and writes the audit entry in one transaction (no change without its record). */
  async function revoke(actor: AuditActor, certificateId: string, reason: string): Promise<AdminCertificate> {
    return db.transaction(async (tx) => {
      const current = await lockCertificate(tx, certificateId);
      if (current.revokedAt) throw new AppError('conflict', TRAINING_MESSAGES.alreadyRevoked);
      const [row] = await tx
        .update(trainingCertificates)
        .set({ revokedAt: new Date(), revokedBy: actor.id, revokeReason: reason })
        .where(eq(trainingCertificates.id, certificateId))
        .returning();
      if (!row) throw new AppError('not_found', TRAINING_MESSAGES.certificateNotFound);
      await recordAdminAction(tx, actor, {
        action: 'training_certificate.revoked',
        targetType: 'training_certificate',
        targetId: row.id,
        details: { code: row.code, reason },
      });
      return toAdminCertificate(row, await ownerEmail(tx, row.userId));
    });
  }

  /**
   * Lifts the hold a revocation puts on the person: they may get a new certificate (a new code;
   * the revoked one keeps failing verification) once they are eligible. Audited in the same
   * transaction.
   */
  async function allowReissue(actor: AuditActor, certificateId: string): Promise<AdminCertificate> {
    return db.transaction(async (tx) => {
      const current = await lockCertificate(tx, certificateId);
      if (!current.revokedAt) throw new AppError('conflict', TRAINING_MESSAGES.notRevoked);
      if (current.reissueAllowedAt) throw new AppError('conflict', TRAINING_MESSAGES.reissueAlreadyAllowed);
      const [row] = await tx
        .update(trainingCertificates)
        .set({ reissueAllowedAt: new Date(), reissueAllowedBy: actor.id })
        .where(eq(trainingCertificates.id, certificateId))
        .returning();
      if (!row) throw new AppError('not_found', TRAINING_MESSAGES.certificateNotFound);
      await recordAdminAction(tx, actor, {
        action: 'training_certificate.reissue_allowed',
        targetType: 'training_certificate',
        targetId: row.id,
        details: { code: row.code },
      });
      return toAdminCertificate(row, await ownerEmail(tx, row.userId));
    });
  }

  return {
    overview,
    lesson,
    completeLesson,
    quiz,
    submitQuiz,
    issueCertificate,
    certificateOf,
    verify,
    adminStats,
    adminCertificates,
    revoke,
    allowReissue,
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
