import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { watchFloatingControls } from './floating-clearance';

/**
 * The floating buttons step aside from what lies under them (floating-clearance.ts), in Chromium
 * with the app's styles: a page control or a toast under a button fades it out; once the place is
 * clear, or while the button is in use, it shows.
 */
const stepsAside = (control: HTMLElement) => control.hasAttribute('data-over-control');

function fixedBox<E extends HTMLElement>(
  element: E,
  { right, bottom, size }: { right: number; bottom: number; size: number },
) {
  Object.assign(element.style, {
    position: 'fixed',
    right: `${right}px`,
    bottom: `${bottom}px`,
    width: `${size}px`,
    height: `${size}px`,
  });
  return element;
}

describe('the floating buttons clear the page', () => {
  let main: HTMLElement;
  let floating: HTMLButtonElement;

  beforeAll(() => {
    main = document.createElement('main');
    main.id = 'main';
    floating = fixedBox(document.createElement('button'), { right: 16, bottom: 16, size: 56 });
    floating.className = 'floating-control';
    floating.textContent = 'Support';
    document.body.append(main, floating);
    watchFloatingControls();
  });

  afterEach(() => {
    main.replaceChildren();
    document.querySelectorAll('[data-sonner-toast]').forEach((toast) => toast.remove());
  });

  it('a control of the page under a button makes it step aside, and it comes back once the control has gone', async () => {
    const control = fixedBox(document.createElement('button'), { right: 24, bottom: 24, size: 44 });
    main.append(control);
    await expect.poll(() => stepsAside(floating)).toBe(true);

    control.remove();
    await expect.poll(() => stepsAside(floating)).toBe(false);
  });

  it('a control elsewhere on the screen, or a few pixels off the button, leaves it where it is', async () => {
    main.append(
      fixedBox(document.createElement('button'), { right: 200, bottom: 16, size: 44 }),
      fixedBox(document.createElement('a'), { right: 16, bottom: 82, size: 44 }),
    );
    // Give the observers a few frames to report, then check nothing moved.
    for (let frame = 0; frame < 5; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(stepsAside(floating)).toBe(false);
  });

  it('a control that moves under the button (a transform, no change to the DOM) makes it step aside', async () => {
    const control = fixedBox(document.createElement('button'), { right: 200, bottom: 16, size: 44 });
    main.append(control);
    for (let frame = 0; frame < 3; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(stepsAside(floating)).toBe(false);
    control.style.transform = 'translateX(180px)';
    await expect.poll(() => stepsAside(floating)).toBe(true);
  });

  it('a toast over a button makes it step aside', async () => {
    const toast = fixedBox(document.createElement('li'), { right: 0, bottom: 0, size: 120 });
    toast.setAttribute('data-sonner-toast', '');
    document.body.append(toast);
    await expect.poll(() => stepsAside(floating)).toBe(true);
  });

  it('a button with focus stays, even over a control', async () => {
    main.append(fixedBox(document.createElement('button'), { right: 24, bottom: 24, size: 44 }));
    await expect.poll(() => stepsAside(floating)).toBe(true);
    floating.focus();
    await expect.poll(() => stepsAside(floating)).toBe(false);
    floating.blur();
    await expect.poll(() => stepsAside(floating)).toBe(true);
  });

  it('a button that moved (the window resized) is watched where it now is', async () => {
    floating.style.right = '200px';
    window.dispatchEvent(new Event('resize'));
    // A control where the button was no longer counts…
    main.append(fixedBox(document.createElement('button'), { right: 24, bottom: 24, size: 44 }));
    for (let frame = 0; frame < 5; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(stepsAside(floating)).toBe(false);
    // …one where it is now does.
    main.append(fixedBox(document.createElement('button'), { right: 210, bottom: 24, size: 44 }));
    await expect.poll(() => stepsAside(floating)).toBe(true);
    floating.style.right = '16px';
    window.dispatchEvent(new Event('resize'));
  });
});
