import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { currentFormattingLocale } from '../../i18n/i18n';
import { datePattern, formatLocaleDate, localeDateTime, parseLocaleDate, type LocaleDateTime } from '../../lib/localeDateTime';
import { TextField, type TextFieldProps } from './TextField';

const styles = new Map<string, LocaleDateTime>();

/** How the interface's locale writes dates and times (as lib/format.ts shows them), worked out once per locale. */
export function localeStyle(): LocaleDateTime {
  const locale = currentFormattingLocale();
  let style = styles.get(locale);
  if (!style) {
    style = localeDateTime(locale);
    styles.set(locale, style);
  }
  return style;
}

export interface LocaleFieldProps extends Omit<TextFieldProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max'> {
  /** "YYYY-MM-DD" for a date, "HH:MM" for a time; "" when empty or not yet readable. */
  value: string;
  onValueChange: (value: string) => void;
}

export interface Kind {
  format: (value: string, locale: LocaleDateTime) => string;
  parse: (text: string, locale: LocaleDateTime) => string | null;
  pattern: (style: LocaleDateTime) => string;
  /** The message saying how to write it, given the {pattern}. */
  messageId: string;
}

/**
 * A text field for a date or a time written as the person's locale writes it. It hands the form
 * the ISO value ("" while what is typed cannot be read) and, once left, says how to write it.
 */
export function LocaleField({ kind, value, onValueChange, error, onBlur, ...rest }: LocaleFieldProps & { kind: Kind }) {
  const { _ } = useLingui();
  const style = localeStyle();
  const [text, setText] = useState(() => kind.format(value, style));
  const [shownValue, setShownValue] = useState(value);
  const [left, setLeft] = useState(false);
  // A value set from outside (a form reset, a loaded programme) replaces what is shown.
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== (kind.parse(text, style) ?? '')) setText(kind.format(value, style));
  }
  const unreadable = text.trim() !== '' && kind.parse(text, style) === null;
  const shownError: ReactNode = left && unreadable ? _(kind.messageId, { pattern: kind.pattern(style) }) : error;
  return (
    <TextField
      {...rest}
      type="text"
      value={text}
      placeholder={kind.pattern(style)}
      error={shownError}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = kind.parse(event.target.value, style) ?? '';
        setShownValue(parsed);
        onValueChange(parsed);
      }}
      onBlur={(event) => {
        setLeft(true);
        const parsed = kind.parse(text, style);
        if (parsed) setText(kind.format(parsed, style));
        onBlur?.(event);
      }}
    />
  );
}

const DATE: Kind = {
  format: formatLocaleDate,
  parse: parseLocaleDate,
  pattern: datePattern,
  messageId: 'common.dateFormatProblem',
};

/** A day, typed in the person's locale's order ("MM/DD/YYYY", "DD/MM/YYYY", "YYYY/MM/DD"). */
export function LocaleDateField(props: LocaleFieldProps) {
  return <LocaleField inputMode="numeric" {...props} kind={DATE} />;
}
