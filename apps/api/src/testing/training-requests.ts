import { loadTrainingContent } from '../db/seed/training-content';
import type { TestClient } from './test-client';

const CONTENT = loadTrainingContent();

/** The seeded curriculum as the content files describe it (tests know the answers; browsers don't). */
export const trainingContent = CONTENT;

export function completeLesson(client: TestClient, moduleId: string, lessonId: string) {
  return client.request(`/api/training/modules/${moduleId}/lessons/${lessonId}/completion`, { method: 'PUT' });
}

/** Answers every question of a module: all right, or only the first `right` questions right. */
export function quizAnswers(moduleId: string, right = Number.POSITIVE_INFINITY): Record<string, string[]> {
  const mod = CONTENT.find((m) => m.id === moduleId);
  if (!mod) throw new Error(`no module ${moduleId}`);
  return Object.fromEntries(
    mod.quiz.map((q, i) => {
      if (i < right) return [q.id, q.correctOptionIds];
      const wrong = q.options.find((o) => !q.correctOptionIds.includes(o.id));
      return [q.id, wrong ? [wrong.id] : []];
    }),
  );
}

/** Marks every lesson of a module complete and passes its quiz, through the API. */
export async function completeModule(client: TestClient, moduleId: string): Promise<void> {
  const mod = CONTENT.find((m) => m.id === moduleId);
  if (!mod) throw new Error(`no module ${moduleId}`);
  for (const lesson of mod.lessons) {
    const res = await completeLesson(client, moduleId, lesson.id);
    if (res.status !== 200) throw new Error(`completion answered ${res.status}: ${await res.text()}`);
  }
  const res = await client.post(`/api/training/modules/${moduleId}/quiz/attempts`, { answers: quizAnswers(moduleId) });
  if (res.status !== 200) throw new Error(`quiz answered ${res.status}: ${await res.text()}`);
}

export async function completeAllModules(client: TestClient): Promise<void> {
  for (const mod of CONTENT) await completeModule(client, mod.id);
}
