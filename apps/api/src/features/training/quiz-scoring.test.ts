import { describe, expect, it } from 'vitest';
import { scoreQuiz, shuffled } from './quiz-scoring';
import { newCertificateCode, resumeLessonId } from './training.service';
import { CERTIFICATE_CODE_PATTERN, normalizeCertificateCode } from '@tavara/shared/training/training';

const question = (id: string, correct: string[]) => ({
  id,
  options: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }],
  correctOptionIds: correct,
});

describe('quiz scoring', () => {
  it('a multiple-choice question is right only with exactly the correct options', () => {
    const qs = [question('q1', ['a', 'c'])];
    expect(scoreQuiz(qs, { q1: ['c', 'a'] }).correctCount).toBe(1);
    expect(scoreQuiz(qs, { q1: ['a'] }).correctCount).toBe(0);
    expect(scoreQuiz(qs, { q1: ['a', 'b', 'c'] }).correctCount).toBe(0);
    expect(scoreQuiz(qs, { q1: ['a', 'a', 'c'] }).correctCount).toBe(1);
  });

  it('unanswered questions and option ids that do not exist count as wrong', () => {
    const qs = [question('q1', ['a']), question('q2', ['b'])];
    const result = scoreQuiz(qs, { q1: ['zz'] });
    expect(result.correctCount).toBe(0);
    expect(result.results[0]?.chosenOptionIds).toEqual([]);
  });

  it.each([
    [5, 4, true, 80],
    [5, 3, false, 60],
    [9, 7, false, 77],
    [10, 8, true, 80],
    [6, 5, true, 83],
    [7, 5, false, 71],
    [7, 6, true, 85],
  ])('%i questions, %i right: passed=%s, %i %%', (total, right, passed, percent) => {
    const qs = Array.from({ length: total }, (_, i) => question(`q${i}`, ['a']));
    const answers = Object.fromEntries(qs.map((q, i) => [q.id, [i < right ? 'a' : 'b']]));
    const result = scoreQuiz(qs, answers);
    expect(result).toMatchObject({ correctCount: right, total, passed, scorePercent: percent });
  });

  it('shuffling keeps every item exactly once', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const out = shuffled(items);
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});

describe('resume target', () => {
  it('is the first unfinished lesson in order, or the first lesson when all are done', () => {
    expect(resumeLessonId(['a', 'b', 'c'], new Set())).toBe('a');
    expect(resumeLessonId(['a', 'b', 'c'], new Set(['a']))).toBe('b');
    expect(resumeLessonId(['a', 'b', 'c'], new Set(['a', 'c']))).toBe('b');
    expect(resumeLessonId(['a', 'b', 'c'], new Set(['a', 'b', 'c']))).toBe('a');
  });
});

describe('certificate codes', () => {
  it('are TVR-XXXX-XXXX-XXXX in Crockford base32, and typed variants normalise to them', () => {
    const code = newCertificateCode();
    expect(code).toMatch(CERTIFICATE_CODE_PATTERN);
    expect(normalizeCertificateCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    expect(normalizeCertificateCode(code.slice(4))).toBe(code);
    expect(normalizeCertificateCode('tvr-0000-1111-2222')).toBe('TVR-0000-1111-2222');
    expect(normalizeCertificateCode('TVR-OOOO-IIII-LLLL')).toBe('TVR-0000-1111-1111');
  });
});
