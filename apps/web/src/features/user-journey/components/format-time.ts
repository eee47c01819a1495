/** Times in Trinidad and Tobago's zone (no daylight saving), whatever the admin's computer says. */
export const JOURNEY_TIME_ZONE = 'America/Port_of_Spain';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: JOURNEY_TIME_ZONE,
});

/** '22 Nov 2026, 04:34:10' (Trinidad and Tobago time). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}
