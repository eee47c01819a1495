import { randomInt } from 'node:crypto';
import { QUIZ_PASS_PERCENT } from '@tavara/shared/training/training';

export interface ScorableQuestion {
  id: string;
  options: { id: string }[];
  correctOptionIds: string[];
}

/**
 * Scores an attempt: a question counts as right only when the chosen options are exactly the
 * correct ones (for "choose all that apply", missing one or adding a wrong one is wrong).
 * Unanswered questions are wrong; ids that are not options of the question are ignored.
 */
export function scoreQuiz(questions: ScorableQuestion[], answers: Record<string, string[]>) {
  const results = questions.map((question) => {
    const valid = new Set(question.options.map((o) => o.id));
    const chosen = [...new Set(answers[question.id] ?? [])].filter((id) => valid.has(id)).sort();
    const correct = [...question.correctOptionIds].sort();
    const isCorrect = chosen.length === correct.length && chosen.every((id, i) => id === correct[i]);
    return { id: question.id, chosenOptionIds: chosen, correctOptionIds: correct, correct: isCorrect };
  });
  const correctCount = results.filter((r) => r.correct).length;
  const total = questions.length;
  // Compare in whole numbers (correct × 100 ≥ pass × total) so 4/5 passes without float doubt.
  const passed = total > 0 && correctCount * 100 >= QUIZ_PASS_PERCENT * total;
  const scorePercent = total === 0 ? 0 : Math.floor((correctCount * 100) / total);
  return { results, correctCount, total, passed, scorePercent };
}

/** Fisher–Yates with a cryptographic source: a new order for every attempt. */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
