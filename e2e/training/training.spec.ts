import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { APP_URL, createConfirmedAdmin, createConfirmedUser, sidewaysOverflow } from '../auth/accounts';
import { expect, expectNoAxeViolations, test } from '../fixtures';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

interface ModuleFile {
  id: string;
  title: string;
  lessons: { id: string; file: string }[];
  quiz: { id: string; prompt: string; options: { id: string; text: string }[]; correct: string[] }[];
}

/** The curriculum as its content files say (the test knows the answers; the browser never gets them early). */
const CONTENT_DIR = join(process.cwd(), 'apps/api/content/training');
const MODULES = readdirSync(CONTENT_DIR)
  .filter((name) => /^\d+-/.test(name))
  .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
  .map((folder) => {
    const mod = JSON.parse(readFileSync(join(CONTENT_DIR, folder, 'module.json'), 'utf8')) as ModuleFile;
    const titles = mod.lessons.map(
      (l) => /^#\s+(.+)$/m.exec(readFileSync(join(CONTENT_DIR, folder, l.file), 'utf8'))?.[1] ?? '',
    );
    return { ...mod, titles };
  });
const FIRST = MODULES[0]!;

/** Completes a module through the API (lessons, then its quiz with the right answers). */
async function completeModuleByApi(request: APIRequestContext, mod: ModuleFile) {
  const headers = { origin: APP_URL };
  for (const lesson of mod.lessons) {
    const res = await request.put(`/api/training/modules/${mod.id}/lessons/${lesson.id}/completion`, { headers });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const answers = Object.fromEntries(mod.quiz.map((q) => [q.id, q.correct]));
  const res = await request.post(`/api/training/modules/${mod.id}/quiz/attempts`, { headers, data: { answers } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Answers every question on the page: right, or deliberately wrong. */
async function answerQuiz(page: Page, mod: ModuleFile, right: boolean) {
  for (const q of mod.quiz) {
    const group = page.getByRole('group', { name: q.prompt });
    const pick = right
      ? q.options.filter((o) => q.correct.includes(o.id))
      : [q.options.find((o) => !q.correct.includes(o.id))!];
    for (const option of pick) await group.getByLabel(option.text, { exact: true }).check();
  }
}

test('a professional completes a module, fails then passes its quiz, sees progress, and gets a certificate families can verify', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Signed in through the API; the other six modules are completed by API to keep the journey short.
  await createConfirmedUser(page.request, 'Trainee', { role: 'professional', firstName: 'Kavita' });
  for (const mod of MODULES.slice(1)) await completeModuleByApi(page.request, mod);

  await page.goto('/professional/training-resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Training resources' })).toBeVisible();
  await expect(page.getByTestId('training-progress-summary')).toHaveText('6 of 7 modules complete');
  await expectNoAxeViolations(page, 'training resources');
  await page.getByRole('link', { name: `Start: ${FIRST.title}` }).click();

  // Lesson 1: mark it complete; the module route then resumes at lesson 2, replacing history.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Lesson 1 of ${FIRST.lessons.length}: ${FIRST.titles[0]}`,
  );
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByText('Lesson complete')).toBeVisible();
  await page.goto(`/professional/training-resources/module/${FIRST.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Lesson 2 of ${FIRST.lessons.length}: ${FIRST.titles[1]}`,
  );
  await expect(page).toHaveURL(`/professional/training-resources/module/${FIRST.id}/lesson/${FIRST.lessons[1]!.id}`);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Lesson 1 of ${FIRST.lessons.length}: ${FIRST.titles[0]}`,
  );
  await page.getByRole('link', { name: 'Next lesson' }).click();

  for (let n = 2; n <= FIRST.lessons.length; n++) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Lesson ${n} of ${FIRST.lessons.length}: ${FIRST.titles[n - 1]}`,
    );
    if (n === 2) {
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(page.getByRole('button', { name: 'Mark as complete' })).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      await expectNoAxeViolations(page, 'lesson at 360 px');
    }
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByText('Lesson complete')).toBeVisible();
    if (n < FIRST.lessons.length) await page.getByRole('link', { name: 'Next lesson' }).click();
  }
  await page.getByRole('link', { name: 'Take the module quiz' }).first().click();

  // The quiz: all wrong first, then right.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quiz: ${FIRST.title}`);
  await answerQuiz(page, FIRST, false);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText(/^You scored 0 % \(0 of \d+\) — 80 % is needed to pass$/)).toBeVisible();
  await expect(page.getByText(FIRST.quiz[0]!.prompt)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await expectNoAxeViolations(page, 'failed quiz at 360 px');
  await page.getByRole('button', { name: 'Try again' }).first().click();
  await expect(page.getByRole('button', { name: 'Submit answers' })).toBeVisible();
  await answerQuiz(page, FIRST, true);
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText(`You passed with 100 % (${FIRST.quiz.length} of ${FIRST.quiz.length})`)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Progress on the resources page, then the certificate.
  await page.getByRole('link', { name: 'Get your certificate' }).click();
  await expect(page.getByTestId('training-progress-summary')).toHaveText('7 of 7 modules complete');
  await page.getByRole('button', { name: 'Get your certificate' }).click();
  const code = (await page.getByTestId('certificate-code').textContent()) ?? '';
  expect(code).toMatch(/^TVR-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download certificate (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`tavara-training-certificate-${code}.pdf`);
  await expectNoAxeViolations(page, 'training resources with a certificate');

  // The dashboard shows the same progress.
  await page.goto('/dashboard/professional');
  await expect(page.getByTestId('dashboard-training-summary')).toHaveText('7 of 7 modules complete');
  await expect(page.getByText('Tavara training completed')).toBeVisible();

  // A family, signed out in another browser, checks the code: name and date only.
  const family = await browser.newContext({ baseURL: APP_URL, viewport: { width: 360, height: 740 } });
  const visitor = await family.newPage();
  await visitor.goto(`/verify-certificate/${code}`);
  await expect(visitor.getByText('Valid certificate')).toBeVisible();
  await expect(visitor.getByTestId('verified-statement')).toContainText(
    'Kavita Trainee completed the Tavara caregiver training',
  );
  expect(await sidewaysOverflow(visitor)).toBe(0);
  await expectNoAxeViolations(visitor, 'certificate verification at 360 px');
  await visitor.getByRole('textbox', { name: 'Check another code' }).fill('TVR-0000-0000-0000');
  await visitor.getByRole('button', { name: 'Check the code' }).click();
  await expect(visitor.getByText('Not a valid certificate')).toBeVisible();
  await family.close();
});

test.describe('verification when the check itself fails', () => {
  test.use({
    allowConsoleErrors: /status of 503|status of 404|Failed to load resource|Failed to fetch|ERR_INTERNET_DISCONNECTED/,
  });

  test('offline or a server error says the code could not be checked, never that it is invalid; Try again checks it', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/verify-certificate');
    await page.getByRole('button', { name: 'Check the code' }).click();
    await expect(page.getByText('Enter the code as printed on the certificate')).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Verification code' }).fill('tvr 0000 0000 0000');
    await page.getByRole('button', { name: 'Check the code' }).click();
    await expect(page).toHaveURL(/\/verify-certificate\/TVR-0000-0000-0000$/);
    await expect(page.getByText('We could not check this code')).toBeVisible();
    await expect(page.getByText('Not a valid certificate')).toHaveCount(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectNoAxeViolations(page, 'verification could not check, 360 px');
    await context.setOffline(false);

    await page.route(
      '**/api/training/certificates/**',
      (route) =>
        route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'The service is busy.' } } }),
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('The service is busy.')).toBeVisible();
    await expect(page.getByText('Not a valid certificate')).toHaveCount(0);

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Not a valid certificate')).toBeVisible();
  });
});

test('signed out, the lessons are readable and progress asks to sign in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/professional/training-resources');
  await expect(page.getByText('Sign in to track your progress')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The seven modules' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: FIRST.title })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.goto(`/professional/module/${FIRST.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Lesson 1 of ${FIRST.lessons.length}: ${FIRST.titles[0]}`,
  );
  await expect(page.getByRole('button', { name: 'Mark as complete' })).toHaveCount(0);
  await expect(page.getByRole('note').first()).toBeVisible();
  await expectNoAxeViolations(page, 'lesson signed out at 360 px');
});

test('a lesson shows its illustration, loaded from our origin and fitting a phone and a desktop', async ({
  page,
}, testInfo) => {
  const mod = MODULES.find((m) => m.id === 'safety-emergencies')!;
  const lesson = mod.lessons.find((l) => l.id === 'infection-prevention')!;
  const markdown = readFileSync(join(CONTENT_DIR, '3-safety-emergencies', lesson.file), 'utf8');
  const alt = /!\[([^\]]+)\]\(images\/hand-washing\.svg\)/.exec(markdown)?.[1];
  expect(alt).toBeTruthy();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/professional/training-resources/module/${mod.id}/lesson/${lesson.id}`);
    const img = page.getByRole('img', { name: alt });
    await img.scrollIntoViewIfNeeded();
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('src', /^\/training-images\/hand-washing\.svg\?v=[0-9a-f]{10}$/);
    // Decoded (the CSP let it through) and shrunk to the column, never wider than the screen.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(640);
    const box = await img.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(Math.min(width, 704));
    // Its smallest text (28 of 640 units) stays at 14 px or more on a phone.
    expect((box!.width * 28) / 640).toBeGreaterThanOrEqual(14);
    expect(box!.height / box!.width).toBeCloseTo(830 / 640, 1);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`lesson-image-${width}.png`), fullPage: true });
  }
  await expectNoAxeViolations(page, 'lesson with an illustration at 1280 px');
});

test.describe('revoking', () => {
  // The verification page asks for a revoked code: the API's 404 is the expected answer.
  test.use({ allowConsoleErrors: /status of 404/ });

  test('an admin sees completion figures and revokes a certificate, which then fails verification and cannot be replaced until an admin allows it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const pro = await browser.newContext({ baseURL: APP_URL });
    await createConfirmedUser(pro.request, 'Revoked', { role: 'professional', firstName: 'Marcus' });
    for (const mod of MODULES) await completeModuleByApi(pro.request, mod);
    const issued = await pro.request.post('/api/training/certificate', { headers: { origin: APP_URL } });
    const { certificate } = (await issued.json()) as { certificate: { code: string } };

    await createConfirmedAdmin(page.request, 'training');
    await page.goto('/dashboard/admin?tab=training');
    await expect(page.getByRole('heading', { name: 'Completion by module' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: FIRST.title })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: certificate.code });
    await row.getByRole('button', { name: /Revoke/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(dialog.getByText('Give a short reason (at least 3 characters).')).toBeVisible();
    await expectNoAxeViolations(page, 'revoke dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Issued in error');
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible();

    await page.goto(`/verify-certificate/${certificate.code}`);
    await expect(page.getByText('This certificate has been revoked and is no longer valid.')).toBeVisible();

    // The professional cannot simply get a new one: the page says why, the API refuses.
    const proPage = await pro.newPage();
    await proPage.goto('/professional/training-resources');
    await expect(proPage.getByText('Your certificate was revoked')).toBeVisible();
    await expect(proPage.getByRole('button', { name: 'Get your certificate' })).toHaveCount(0);
    const again = await pro.request.post('/api/training/certificate', { headers: { origin: APP_URL } });
    expect(again.status()).toBe(409);

    // Until an admin allows it: then a new code, and the old one still fails.
    await page.goto('/dashboard/admin?tab=training');
    await row.getByRole('button', { name: /Allow a new certificate/ }).click();
    const confirm = page.getByRole('alertdialog');
    await expectNoAxeViolations(page, 'allow a new certificate dialog');
    await confirm.getByRole('button', { name: 'Allow a new certificate' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row.getByText(/New certificate allowed/)).toBeVisible();
    await proPage.reload();
    await proPage.getByRole('button', { name: 'Get your certificate' }).click();
    const newCode = await proPage.getByTestId('certificate-code').textContent();
    expect(newCode).not.toBe(certificate.code);
    await page.goto(`/verify-certificate/${certificate.code}`);
    await expect(page.getByText('This certificate has been revoked and is no longer valid.')).toBeVisible();
    await pro.close();
  });
});
