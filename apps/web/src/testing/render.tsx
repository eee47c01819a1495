import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

/**
 * Renders a component into the page of the browser tests (Vitest browser mode, real Chromium).
 * No act(): the tests look at the page through `expect.element`, which waits for it like a
 * person would, so React renders as it does in the app.
 */
const mounted: { root: Root; container: HTMLElement }[] = [];

export function render(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(ui);
  mounted.push({ root, container });
  return container;
}

afterEach(() => {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
  localStorage.clear();
});
