import { PAGE_BOOT_SCRIPT } from '@tavara/shared/page-boot';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * The prerendered pages' inline boot script (packages/shared/src/page-boot.ts, decision 028), run
 * in Chromium as the page runs it: an inline classic script whose data-modules names the entry
 * and the chunks to preload.
 */
const ENTRY = 'data:text/javascript,window.__pageBootEntryRan=true';
const CHUNK = 'data:text/javascript,export%20const%20chunk=1';

declare global {
  interface Window {
    __pageBootEntryRan?: boolean;
  }
}

const added = () => ({
  entry: document.head.querySelector(`script[type="module"][src="${ENTRY}"]`),
  preload: document.head.querySelector(`link[rel="modulepreload"][href="${CHUNK}"]`),
});

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('the page boot script', () => {
  afterEach(() => {
    Object.values(added()).forEach((element) => element?.remove());
    delete window.__pageBootEntryRan;
  });

  it('requests the entry and the preloads only after the page has painted', async () => {
    const boot = document.createElement('script');
    boot.dataset.modules = `${ENTRY} ${CHUNK}`;
    boot.textContent = PAGE_BOOT_SCRIPT;
    document.body.append(boot);
    // It ran, and left the requests for after the next frame.
    expect(added().entry).toBeNull();
    expect(added().preload).toBeNull();

    await nextFrame();
    await nextFrame();
    const { entry, preload } = added();
    expect(entry).not.toBeNull();
    expect(preload).not.toBeNull();
    expect(entry?.getAttribute('crossorigin')).toBe('anonymous');
    await expect.poll(() => window.__pageBootEntryRan).toBe(true);
    boot.remove();
  });
});
