import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QUIZ_KINDS, trainingSlugSchema } from '@tavara/shared/training/training';
import { notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import MarkdownIt from 'markdown-it';
import type { Database } from '../client';
import { trainingLessons, trainingModules, trainingQuizQuestions } from '../schema/training';
import { LESSON_IMAGE_REF, loadLessonImages, setLessonImages } from './training-images';

/**
 * The training curriculum lives in apps/api/content/training as files people can review: one
 * folder per module (`N-slug/`, ordered by N) with `module.json` (title, summary, lesson order
 * and minutes, quiz) and one Markdown file per lesson whose first `# ` line is its title.
 * How to change content is in the repository README ("apps/api/content/training/"). The build
 * copies the folder beside the bundle (dist/content).
 */
export const DEFAULT_TRAINING_CONTENT_DIR = fileURLToPath(new URL('../../../content/training', import.meta.url));

const optionSchema = z.object({ id: z.string().regex(/^[a-z]$/), text: z.string().min(1) });
const questionSchema = z
  .object({
    id: trainingSlugSchema,
    prompt: z.string().min(5),
    kind: z.enum(QUIZ_KINDS),
    options: z.array(optionSchema).min(2).max(6),
    correct: z.array(z.string()).min(1),
    explanation: z.string().min(5),
  })
  .refine((q) => q.correct.every((id) => q.options.some((o) => o.id === id)), 'a correct id is not an option')
  .refine((q) => q.kind === 'multiple' || q.correct.length === 1, 'a single-choice question has one answer');

const moduleFileSchema = z.object({
  id: trainingSlugSchema,
  title: z.string().min(3),
  summary: z.string().min(10),
  lessons: z
    .array(
      z.object({ id: trainingSlugSchema, file: z.string().regex(/^[\w-]+\.md$/), minutes: z.int().min(1).max(120) }),
    )
    .min(3)
    .max(5),
  quiz: z.array(questionSchema).min(5).max(10),
});

export interface TrainingContentModule {
  id: string;
  position: number;
  title: string;
  summary: string;
  lessons: { id: string; position: number; title: string; bodyMarkdown: string; minutes: number }[];
  quiz: {
    id: string;
    position: number;
    prompt: string;
    kind: 'single' | 'multiple';
    options: { id: string; text: string }[];
    correctOptionIds: string[];
    explanation: string;
  }[];
}

/** Reads and checks every module; throws with the file name on the first mistake. */
export function loadTrainingContent(dir: string = DEFAULT_TRAINING_CONTENT_DIR): TrainingContentModule[] {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d+-/.test(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  const images = loadLessonImages(dir);
  const seenIds = new Set<string>();
  const unique = (kind: string, id: string) => {
    if (seenIds.has(`${kind}:${id}`)) throw new Error(`Training content: duplicate ${kind} id "${id}".`);
    seenIds.add(`${kind}:${id}`);
  };
  const modules = folders.map((folder, index) => {
    const file = join(dir, folder, 'module.json');
    const parsed = moduleFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`Training content ${file}: ${z.prettifyError(parsed.error)}`);
    const mod = parsed.data;
    unique('module', mod.id);
    return {
      id: mod.id,
      position: index + 1,
      title: mod.title,
      summary: mod.summary,
      lessons: mod.lessons.map((lesson, lessonIndex) => {
        unique('lesson', lesson.id);
        const { title, body } = splitTitle(readFileSync(join(dir, folder, lesson.file), 'utf8'), lesson.file);
        checkImages(body, `${folder}/${lesson.file}`, images);
        return { id: lesson.id, position: lessonIndex + 1, title, bodyMarkdown: body, minutes: lesson.minutes };
      }),
      quiz: mod.quiz.map((q, qIndex) => {
        unique('question', q.id);
        return {
          id: q.id,
          position: qIndex + 1,
          prompt: q.prompt,
          kind: q.kind,
          options: q.options,
          correctOptionIds: [...q.correct].sort(),
          explanation: q.explanation,
        };
      }),
    };
  });
  setLessonImages(images);
  return modules;
}

// The renderer's parser settings (features/training/lesson-markdown.ts), to find images as it will.
const parser = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** Every image a lesson refers to, with its alt text. */
export function lessonImageRefs(markdown: string): { src: string; alt: string }[] {
  const refs: { src: string; alt: string }[] = [];
  const walk = (tokens: ReturnType<typeof parser.parse>) => {
    for (const token of tokens) {
      if (token.type === 'image') {
        const alt = parser.renderer.renderInlineAsText(token.children ?? [], parser.options, {});
        refs.push({ src: String(token.attrGet('src') ?? ''), alt });
      }
      if (token.children) walk(token.children);
    }
  };
  walk(parser.parse(markdown, {}));
  return refs;
}

/** Every image a lesson shows must be one of the checked files, with alt text that says what it shows. */
function checkImages(markdown: string, file: string, images: Map<string, unknown>): void {
  for (const { src, alt } of lessonImageRefs(markdown)) {
    const name = LESSON_IMAGE_REF.exec(src)?.[1];
    if (!name) throw new Error(`Training content ${file}: image "${src}" must be images/<name>.svg.`);
    if (!images.has(name))
      throw new Error(`Training content ${file}: image "${src}" is not in content/training/images.`);
    if (alt.trim().length < 10) {
      throw new Error(
        `Training content ${file}: image "${src}" needs alt text that describes it (10 characters or more).`,
      );
    }
  }
}

function splitTitle(markdown: string, file: string): { title: string; body: string } {
  const match = /^#\s+(.+)\r?\n/.exec(markdown);
  if (!match?.[1]) throw new Error(`Training content ${file}: the first line must be "# Lesson title".`);
  return { title: match[1].trim(), body: markdown.slice(match[0].length).trim() + '\n' };
}

/**
 * Writes the curriculum: inserts new rows and updates changed ones (the files are the source of
 * truth; there is no admin editing), and removes lessons and questions no longer in the files
 * (a removed lesson's progress goes with it). Progress, attempts and certificates are untouched.
 * Idempotent, and safe when several processes start at once (upserts on stable ids).
 */
export async function seedTrainingContent(db: Database, modules: TrainingContentModule[]): Promise<void> {
  if (modules.length === 0) return;
  const now = sql`now()`;
  await db
    .insert(trainingModules)
    .values(modules.map(({ id, position, title, summary }) => ({ id, position, title, summary })))
    .onConflictDoUpdate({
      target: trainingModules.id,
      set: {
        position: sql`excluded.position`,
        title: sql`excluded.title`,
        summary: sql`excluded.summary`,
        updatedAt: now,
      },
      setWhere: sql`(${trainingModules.position}, ${trainingModules.title}, ${trainingModules.summary}) is distinct from (excluded.position, excluded.title, excluded.summary)`,
    });
  const lessons = modules.flatMap((m) => m.lessons.map((l) => ({ ...l, moduleId: m.id })));
  await db
    .insert(trainingLessons)
    .values(lessons)
    .onConflictDoUpdate({
      target: trainingLessons.id,
      set: {
        moduleId: sql`excluded.module_id`,
        position: sql`excluded.position`,
        title: sql`excluded.title`,
        bodyMarkdown: sql`excluded.body_markdown`,
        minutes: sql`excluded.minutes`,
        updatedAt: now,
      },
      setWhere: sql`(${trainingLessons.moduleId}, ${trainingLessons.position}, ${trainingLessons.title}, ${trainingLessons.bodyMarkdown}, ${trainingLessons.minutes}) is distinct from (excluded.module_id, excluded.position, excluded.title, excluded.body_markdown, excluded.minutes)`,
    });
  const questions = modules.flatMap((m) => m.quiz.map((q) => ({ ...q, moduleId: m.id })));
  await db
    .insert(trainingQuizQuestions)
    .values(questions)
    .onConflictDoUpdate({
      target: trainingQuizQuestions.id,
      set: {
        moduleId: sql`excluded.module_id`,
        position: sql`excluded.position`,
        prompt: sql`excluded.prompt`,
        kind: sql`excluded.kind`,
        options: sql`excluded.options`,
        correctOptionIds: sql`excluded.correct_option_ids`,
        explanation: sql`excluded.explanation`,
        updatedAt: now,
      },
      setWhere: sql`(${trainingQuizQuestions.moduleId}, ${trainingQuizQuestions.position}, ${trainingQuizQuestions.prompt}, ${trainingQuizQuestions.kind}, ${trainingQuizQuestions.options}, ${trainingQuizQuestions.correctOptionIds}, ${trainingQuizQuestions.explanation}) is distinct from (excluded.module_id, excluded.position, excluded.prompt, excluded.kind, excluded.options, excluded.correct_option_ids, excluded.explanation)`,
    });
  await db.delete(trainingQuizQuestions).where(
    notInArray(
      trainingQuizQuestions.id,
      questions.map((q) => q.id),
    ),
  );
  await db.delete(trainingLessons).where(
    notInArray(
      trainingLessons.id,
      lessons.map((l) => l.id),
    ),
  );
  const moduleIds = modules.map((m) => m.id);
  // A module dropped from the content would also drop its attempts (cascade): refuse instead.
  const stale = await db
    .select({ id: trainingModules.id })
    .from(trainingModules)
    .where(notInArray(trainingModules.id, moduleIds));
  if (stale.length > 0) {
    throw new Error(
      `Training content: module(s) ${stale.map((m) => m.id).join(', ')} are in the database but not in the files. Removing a module needs a migration.`,
    );
  }
}
