/** Empty values read "Not specified", missing or unreadable dates "N/A". */
export const NOT_SPECIFIED = 'Not specified';
export const NO_DATE = 'N/A';

export function orNotSpecified(value: string | null | undefined): string {
  return value?.trim() ? value : NOT_SPECIFIED;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(value: string | null | undefined): string {
  if (!value) return NO_DATE;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? NO_DATE : dateFormat.format(date);
}
