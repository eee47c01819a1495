import { expect, test } from '../fixtures';

/**
 * Issue 14 item 4: the installable app. The suite blocks service workers (playwright.config.ts);
 * here the real one runs: it precaches the app shell and every chunk, so a second visit works
 * without a connection, and it never answers an API call from a cache.
 */
test.use({
  serviceWorkers: 'allow',
  allowConsoleErrors: /Failed to load resource|Failed to fetch|ERR_INTERNET_DISCONNECTED/,
});

test('is installable: a manifest with name, start URL, standalone display and 192/512 px icons', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href ?? '')).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: Array<{ src: string; sizes: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({ short_name: 'Tavara', start_url: '/', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.headers()['content-type'], icon.src).toBe('image/png');
  }
});

test('a second visit works offline, on pages never opened before; the API is never served from a cache', async ({
  page,
  context,
}) => {
  test.slow();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The worker installs (downloading every chunk) and takes control of the open page.
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tavara' })).toBeVisible();
  // Pages whose code this visit never downloaded: from the precache.
  await page.getByRole('link', { name: 'About' }).first().click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Error loading page. Please refresh.')).toHaveCount(0);
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();

  // An API call goes to the network and fails offline: nothing answers it from a cache.
  const apiOffline = await page.evaluate(() =>
    fetch('/api/health').then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(apiOffline).toBe('failed');

  await context.setOffline(false);
  const apiOnline = await page.evaluate(() => fetch('/api/health').then((response) => response.status));
  expect(apiOnline).toBe(200);
});
