import { formatLocaleTime, parseLocaleTime, timePattern } from '../../lib/localeTime';
import { LocaleField, localeStyle, type Kind, type LocaleFieldProps } from './LocaleDateTimeFields';

const TIME: Kind = {
  format: formatLocaleTime,
  parse: parseLocaleTime,
  pattern: timePattern,
  messageId: 'common.timeFormatProblem',
};

/** A time of day on the person's locale's clock (12-hour with AM and PM, or 24-hour). */
export function LocaleTimeField(props: LocaleFieldProps) {
  return <LocaleField inputMode={localeStyle().twelveHour ? 'text' : 'numeric'} {...props} kind={TIME} />;
}
