import type { Page } from '@playwright/test';
import { sidewaysOverflow } from '../auth/accounts';
import { expect, test } from '../fixtures';

/** The page at 360 and 1280 px: nothing overflows sideways; a full-page screenshot of each. */
export async function shoot(page: Page, name: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}
