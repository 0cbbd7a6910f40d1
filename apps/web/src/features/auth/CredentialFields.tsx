import { useLingui } from '@lingui/react';
import { TextField, type TextFieldProps } from '../../components/ui/TextField';

type PresetFieldProps = Omit<TextFieldProps, 'type' | 'name' | 'label'> & { label?: string };

/** The e-mail field of the sign-in, sign-up and reset screens. */
export function EmailField({ label, ...props }: PresetFieldProps) {
  const { _ } = useLingui();
  return (
    <TextField
      label={label ?? _('field.email')}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      required
      {...props}
    />
  );
}

/**
 * The date of birth, which is also the credential: the browser's own date input, as the product's
 * rules name it (docs/product.md), no later than today. It hands the form "YYYY-MM-DD".
 */
export function DateOfBirthField({
  label,
  onValueChange,
  ...props
}: Omit<PresetFieldProps, 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void }) {
  const { _ } = useLingui();
  return (
    <TextField
      label={label ?? _('field.dateOfBirth')}
      type="date"
      name="dateOfBirth"
      autoComplete="bday"
      max={todayIso()}
      required
      onChange={(event) => onValueChange(event.target.value)}
      {...props}
    />
  );
}

/** Today's date as "YYYY-MM-DD" in the visitor's own time zone (the date input's max). */
function todayIso(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
