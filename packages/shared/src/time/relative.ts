import { formatPlanTime, type Instant, type TimeZone } from './format';

/**
 * Time words for alerts (issue 28), worded when a message is read or sent — never stored, so "due
 * 30 minutes ago" is true at the moment a person sees it. Durations are exact elapsed time
 * between two instants (no calendar involved); the time of day is `at` in the reader's zone.
 */

const MINUTE = 60_000;

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "just now", "1 minute ago", "1 hour 50 minutes ago", "2 days ago": from `at` to `now`. */
export function formatAgo(at: Instant, now: Instant): string {
  const ms = new Date(now).getTime() - new Date(at).getTime();
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return `${plural(hours, 'hour')}${rest ? ` ${plural(rest, 'minute')}` : ''} ago`;
  }
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

const timeParts = new Map<string, Intl.DateTimeFormat>();

/** "8 AM", "6:30 PM": the time of day of instant `at` in `zone` (the one time format, formatPlanTime's). */
export function formatTimeIn(at: Instant, zone: TimeZone): string {
  let f = timeParts.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeParts.set(zone, f);
  }
  return formatPlanTime(f.format(new Date(at)));
}
