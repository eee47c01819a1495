/** Trinidad and Tobago English: the locale of every date and time the app shows (time/format.ts). */
export const LOCALE = 'en-TT';

/**
 * Loads ICU's date data for LOCALE ahead of the first date on screen: the first formatter of a
 * locale costs ~20 ms on a mid-range phone, which inside a page's first render was one long task
 * (issue 35, decision 046). The app shell calls it while a daily page's code and data download.
 */
export function warmDateFormats(): void {
  new Intl.DateTimeFormat(LOCALE, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(0);
}
