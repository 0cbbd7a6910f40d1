/** Empty values read "Not specified"; dates come from the app's one format (lib/format.ts). */
export const NOT_SPECIFIED = 'Not specified';
export { formatDate, formatDateTime, NO_DATE } from '../../lib/format';

export function orNotSpecified(value: string | null | undefined): string {
  return value?.trim() ? value : NOT_SPECIFIED;
}
