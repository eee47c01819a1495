import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { APP_URL, createConfirmedUser, GOOD_PASSWORD } from '../auth/accounts';
import { shoot } from '../care-circle/screens';
import { createPlanByRequest } from '../care-plans/plans';
import { expect, expectNoAxeViolations, test } from '../fixtures';

// Signing in only works on the app's public origin (Better Auth's CSRF check).
test.use({ baseURL: APP_URL });

async function signInByRequest(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/sign-in/email', {
    headers: { origin: APP_URL },
    data: { email, password: GOOD_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('an update with a photo reaches a circle member, who thanks and comments', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const family = await createConfirmedUser(request, 'feed-family', { role: 'family', firstName: 'Keisha' });
  const neighbour = await createConfirmedUser(request, 'feed-neighbour', { role: 'community', firstName: 'Dion' });

  // The plan and the circle through the API (their own journeys are the care-circle specs').
  await signInByRequest(page.context().request, family.email);
  const planId = await createPlanByRequest(page.context().request);
  const invited = await page.context().request.post(`/api/care-plans/${planId}/circle/invitations`, {
    headers: { origin: APP_URL },
    data: { email: neighbour.email },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { memberId } = (await invited.json()) as { memberId: string };
  const neighbourContext = await browser.newContext();
  await signInByRequest(neighbourContext.request, neighbour.email);
  const accepted = await neighbourContext.request.post(`/api/circle-invitations/${memberId}/accept`, {
    headers: { origin: APP_URL },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The family opens the feed from its plan: empty, with a way to post.
  await page.goto(`/family/care-management/${planId}`);
  await page.getByRole('link', { name: 'Updates' }).click();
  const feed = page.getByRole('region', { name: 'Updates' });
  await expect(feed.getByText('No updates yet.')).toBeVisible();
  await feed.getByRole('button', { name: 'Post an update' }).click();
  const composer = page.getByRole('dialog', { name: 'Post an update' });
  await composer
    .getByRole('textbox', { name: /What would you like to share/ })
    .fill('Mum had a good night and sat on the gallery.');

  // A wrong file is told beside the field, and what was typed stays.
  const photos = composer.getByLabel('Photos');
  await photos.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(composer.getByText('notes.txt: Photos must be JPEG, PNG or WebP pictures.')).toBeVisible();
  await expect(composer.getByRole('textbox', { name: /What would you like to share/ })).toHaveValue(
    'Mum had a good night and sat on the gallery.',
  );
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 160, b: 90 } } })
    .jpeg()
    .toBuffer();
  await photos.setInputFiles({ name: 'gallery.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(composer.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(composer.getByText(/Photos must be/)).toHaveCount(0);
  await expectNoAxeViolations(page, 'update composer with a photo');
  await shoot(page, 'update-composer');
  await composer.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByText('Update posted. Your circle and team are told.')).toBeVisible();
  await expect(feed.getByText('Mum had a good night and sat on the gallery.')).toBeVisible();

  // The neighbour (circle member) sees it with its photo, thanks and comments.
  const helper = await neighbourContext.newPage();
  await helper.goto(`/circle/${planId}`);
  const theirFeed = helper.getByRole('region', { name: 'Updates' });
  const update = theirFeed.getByRole('article', { name: 'Keisha' });
  await expect(update.getByText('Mum had a good night and sat on the gallery.')).toBeVisible();
  const image = update.getByRole('img', { name: 'Photo 1 of 1 from Keisha' });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  await expect(theirFeed.getByRole('button', { name: 'Post an update' })).toHaveCount(0);
  await update.getByRole('button', { name: 'Thank you' }).click();
  await expect(update.getByRole('button', { name: 'Thanked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(update.getByText('1 thank-you')).toBeVisible();
  await update.getByRole('textbox', { name: 'Write a comment' }).fill('So glad to hear it!');
  await update.getByRole('button', { name: 'Post comment' }).click();
  await expect(update.getByRole('list', { name: /Comments on/ }).getByText('So glad to hear it!')).toBeVisible();
  await expect(update.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
  await expectNoAxeViolations(helper, 'circle feed after thanks and a comment');
  await shoot(helper, 'circle-feed');

  // The family sees the thanks and the comment; removing asks first (axe with the dialog open).
  await page.reload();
  const mine = page.getByRole('region', { name: 'Updates' }).getByRole('article', { name: 'Keisha' });
  await expect(mine.getByText('1 thank-you')).toBeVisible();
  await expect(mine.getByText('So glad to hear it!')).toBeVisible();
  await mine.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Remove this update?' })).toBeVisible();
  await expectNoAxeViolations(page, 'remove update dialog');
  await page.getByRole('button', { name: 'Keep it' }).click();
  await neighbourContext.close();
});
