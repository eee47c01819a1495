import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingLessons, trainingModules, trainingQuizQuestions } from '../../db/schema/training';
import { seedDatabase } from '../../db/seed/seed';
import { DEFAULT_TRAINING_CONTENT_DIR, lessonImageRefs, loadTrainingContent } from '../../db/seed/training-content';
import { getLessonImage, lessonImageUrl } from '../../db/seed/training-images';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { DatabaseHandle } from '../../db/client';
import { renderLessonMarkdown } from './lesson-markdown';

describe('training content files', () => {
  const modules = loadTrainingContent();

  it('has the seven modules of the product notes, in order, each with 3–5 lessons and a 5–10 question quiz', () => {
    expect(modules.map((m) => m.title)).toEqual([
      'Caregiving basics and professionalism',
      'Elderly and special-needs care',
      'Safety and emergency preparedness',
      'Emotional and social support',
      'Hands-on care techniques',
      'Working with families and agencies',
      'Legal and ethical considerations',
    ]);
    for (const m of modules) {
      expect(m.lessons.length).toBeGreaterThanOrEqual(3);
      expect(m.lessons.length).toBeLessThanOrEqual(5);
      expect(m.quiz.length).toBeGreaterThanOrEqual(5);
      expect(m.quiz.length).toBeLessThanOrEqual(10);
      for (const lesson of m.lessons) {
        expect(lesson.bodyMarkdown).toMatch(/^## /m);
        expect(lesson.bodyMarkdown).not.toMatch(/^# /m);
      }
    }
  });

  it('every lesson renders to HTML with headings and lists', () => {
    for (const lesson of modules.flatMap((m) => m.lessons)) {
      const html = renderLessonMarkdown(lesson.bodyMarkdown);
      expect(html).toContain('<h2>');
      expect(html).toMatch(/<(ul|ol)>/);
    }
  });
});

describe('lesson illustrations', () => {
  const modules = loadTrainingContent();
  const lessons = modules.flatMap((m) => m.lessons);
  const files = readdirSync(join(DEFAULT_TRAINING_CONTENT_DIR, 'images')).filter((f) => f.endsWith('.svg'));

  it('5–7 illustrations, each shown in a lesson as a lazy <img> with alt text, width and height', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect(files.length).toBeLessThanOrEqual(7);
    const used = lessons.flatMap((l) => lessonImageRefs(l.bodyMarkdown).map((r) => r.src.replace('images/', '')));
    expect(new Set(used)).toEqual(new Set(files));
    for (const lesson of lessons) {
      const html = renderLessonMarkdown(lesson.bodyMarkdown);
      const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      expect(imgs).toHaveLength(lessonImageRefs(lesson.bodyMarkdown).length);
      for (const img of imgs) {
        expect(img).toMatch(
          /^<img src="\/training-images\/[a-z-]+\.svg\?v=[0-9a-f]{10}" alt="[^"]{10,}" width="\d+" height="\d+" loading="lazy" decoding="async">$/,
        );
      }
    }
  });

  it('each SVG is readable on a 360 px phone: 640 units wide (about 2 units per pixel) and no text under 28 units', () => {
    for (const file of files) {
      const image = getLessonImage(file);
      expect(image?.width, file).toBe(640);
      const sizes = [...(image?.svg ?? '').matchAll(/font-size="(\d+)"/g)].map((m) => Number(m[1]));
      expect(sizes.length, file).toBeGreaterThan(0);
      expect(Math.min(...sizes), file).toBeGreaterThanOrEqual(28);
    }
  });

  it('renders an unknown or outside image as its alt text, never as a request', () => {
    const html = renderLessonMarkdown(
      '![A missing picture](images/nope.svg) ![A tracker](https://example.com/x.svg) ![Up](images/../x.svg)\n',
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('A missing picture A tracker Up');
  });

  describe('the start-up check', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'tavara-training-images-'));
    });
    afterAll(() => {
      rmSync(dir, { recursive: true, force: true });
      loadTrainingContent(); // puts the real images back in the registry
    });
    const withLesson = (body: string, svg?: { name: string; text: string }) => {
      rmSync(dir, { recursive: true, force: true });
      cpSync(DEFAULT_TRAINING_CONTENT_DIR, dir, { recursive: true });
      const file = join(dir, '1-caregiving-basics', '01-the-caregivers-role.md');
      writeFileSync(file, readFileSync(file, 'utf8') + '\n' + body + '\n');
      if (svg) writeFileSync(join(dir, 'images', svg.name), svg.text);
      return () => loadTrainingContent(dir);
    };
    const svg = (inner: string, root = 'width="640" height="100" viewBox="0 0 640 100"') =>
      `<svg xmlns="http://www.w3.org/2000/svg" ${root}><title>A test picture</title>${inner}</svg>`;

    it('accepts a lesson with a known image and alt text', () => {
      expect(withLesson('![Six steps of hand washing](images/hand-washing.svg)')).not.toThrow();
    });
    it('refuses an image that is not in the images folder', () => {
      expect(withLesson('![Six steps of hand washing](images/hand-wash.svg)')).toThrow(
        /01-the-caregivers-role\.md: image "images\/hand-wash\.svg" is not in content\/training\/images/,
      );
    });
    it('refuses an image without alt text, or with alt text that describes nothing', () => {
      expect(withLesson('![](images/hand-washing.svg)')).toThrow(/needs alt text/);
      expect(withLesson('![image](images/hand-washing.svg)')).toThrow(/needs alt text/);
    });
    it('refuses images from anywhere else', () => {
      expect(withLesson('![A picture from the web](https://example.com/a.svg)')).toThrow(/must be images\/<name>\.svg/);
      expect(withLesson('![A picture from elsewhere](../secret.svg)')).toThrow(/must be images\/<name>\.svg/);
    });
    it('refuses an SVG with script, handlers or external references, or without size or title', () => {
      expect(withLesson('', { name: 'bad.svg', text: svg('<script>alert(1)</script>') })).toThrow(/scripts/);
      expect(withLesson('', { name: 'bad.svg', text: svg('<rect onload="alert(1)"/>') })).toThrow(/scripts/);
      expect(withLesson('', { name: 'bad.svg', text: svg('<image href="https://x.test/a.png"/>') })).toThrow(
        /external/,
      );
      expect(withLesson('', { name: 'bad.svg', text: svg('', 'viewBox="0 0 640 100"') })).toThrow(/width, height/);
      expect(withLesson('', { name: 'bad.svg', text: svg('').replace('<title>A test picture</title>', '') })).toThrow(
        /<title>/,
      );
      expect(withLesson('', { name: 'Bad Name.svg', text: svg('') })).toThrow(/lower-case/);
    });
  });
});

describe('lesson illustration route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a checked SVG same-origin, cached for a year at its versioned URL, under the CSP', async () => {
    const image = getLessonImage('hand-washing.svg')!;
    const res = await t.app.request(lessonImageUrl(image));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain("img-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(image.svg);

    const stale = await t.app.request('/training-images/hand-washing.svg?v=0000000000');
    expect(stale.headers.get('cache-control')).toBe('public, max-age=3600');
    const again = await t.app.request(lessonImageUrl(image), { headers: { 'If-None-Match': `"${image.version}"` } });
    expect(again.status).toBe(304);
  });

  it('answers 404 for anything that is not a checked image', async () => {
    for (const path of ['/training-images/nope.svg', '/training-images/..%2Fmodule.json', '/training-images/']) {
      expect((await t.app.request(path)).status, path).toBe(404);
    }
  });
});

describe('lesson Markdown renderer', () => {
  it('shows raw HTML as text, never as markup, and refuses javascript: links', () => {
    const html = renderLessonMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))\n',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('href="javascript:');
  });

  it('turns > [!TIP] blockquotes into labelled callouts and wraps tables for small screens', () => {
    const html = renderLessonMarkdown('> [!WARNING]\n> Call **811**.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toContain('<blockquote class="callout callout-warning" role="note">');
    expect(html).toContain('<strong>Warning</strong> Call <strong>811</strong>.');
    expect(html).not.toContain('[!WARNING]');
    expect(html).toContain('<div class="table-scroll" tabindex="0"><table>');
  });
});

describe('training seed', () => {
  let database: DatabaseHandle;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'tavara-training-content-'));
    cpSync(DEFAULT_TRAINING_CONTENT_DIR, dir, { recursive: true });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const counts = async () => {
    const db = database.db;
    const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(trainingModules);
    const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(trainingLessons);
    const [q] = await db.select({ n: sql<number>`count(*)::int` }).from(trainingQuizQuestions);
    return { modules: m?.n, lessons: l?.n, questions: q?.n };
  };

  it('is idempotent, and an edited file updates its row on the next run', async () => {
    const expected = loadTrainingContent();
    const before = await counts();
    expect(before).toEqual({
      modules: 7,
      lessons: expected.flatMap((m) => m.lessons).length,
      questions: expected.flatMap((m) => m.quiz).length,
    });
    await seedDatabase(database.db, { trainingContentDir: dir });
    await seedDatabase(database.db, { trainingContentDir: dir });
    expect(await counts()).toEqual(before);

    const file = join(dir, '1-caregiving-basics', '01-the-caregivers-role.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace("# The caregiver's role", "# The caregiver's role today"));
    await seedDatabase(database.db, { trainingContentDir: dir });
    const [row] = await database.db
      .select({ title: trainingLessons.title })
      .from(trainingLessons)
      .where(eq(trainingLessons.id, 'the-caregivers-role'));
    expect(row?.title).toBe("The caregiver's role today");
    expect(await counts()).toEqual(before);
  });
});
