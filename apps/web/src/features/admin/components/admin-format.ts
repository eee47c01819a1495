/** Dates in the admin area: Trinidad and Tobago's conventions, day before month. */
const dateFormat = new Intl.DateTimeFormat('en-TT', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-TT', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string | number) => dateTimeFormat.format(new Date(iso));
