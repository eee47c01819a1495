// Renders the app's PNG icons (install prompt, home screen, splash) from the same heart-in-a-
// rounded-square mark as apps/web/public/favicon.svg, in the system Chromium. Run once after the
// mark changes: `node scripts/pwa-icons.mjs`; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const HEART = 'M16 25s-8-4.9-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 24 14c0 6.1-8 11-8 11z';
// "any": the rounded square as in the favicon. "maskable": a full-bleed square with the heart
// inside the central safe zone (80 %), so a launcher's circle or squircle mask never cuts it.
const ICONS = [
  {
    file: 'pwa-192.png',
    size: 192,
    svg: `<rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="${HEART}" fill="#fff"/>`,
  },
  {
    file: 'pwa-512.png',
    size: 512,
    svg: `<rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="${HEART}" fill="#fff"/>`,
  },
  {
    file: 'pwa-maskable-512.png',
    size: 512,
    svg: `<rect width="32" height="32" fill="#1d4ed8"/><path d="${HEART}" fill="#fff" transform="translate(16 17) scale(0.75) translate(-16 -17)"/>`,
  },
  {
    file: 'apple-touch-icon.png',
    size: 180,
    svg: `<rect width="32" height="32" fill="#1d4ed8"/><path d="${HEART}" fill="#fff"/>`,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<body style="margin:0;background:transparent"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}" style="display:block">${svg}</svg></body>`,
    );
    writeFileSync(
      new URL(`../apps/web/public/${file}`, import.meta.url),
      await page.screenshot({ omitBackground: true }),
    );
    await page.close();
  }
} finally {
  await browser.close();
}
