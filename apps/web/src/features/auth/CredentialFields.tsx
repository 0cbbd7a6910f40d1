import { LocaleDateField, type LocaleFieldProps } from '../../components/ui/LocaleDateTimeFields';
import { TextField, type TextFieldProps } from '../../components/ui/TextField';

type PresetFieldProps = Omit<TextFieldProps, 'type' | 'name' | 'label'> & { label?: string };

/** The e-mail field of the sign-in, sign-up and reset screens. */
export function EmailField({ label = 'Email', ...props }: PresetFieldProps) {
  return <TextField label={label} type="email" name="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required {...props} />;
}

/**
 * The date of birth, which is also the credential: a real date (the age rule keeps it no later than
 * today), typed as the person's locale writes dates.
 */
export function DateOfBirthField({ label = 'Date of Birth', ...props }: Omit<LocaleFieldProps, 'name' | 'label'> & { label?: string }) {
  return <LocaleDateField label={label} name="dateOfBirth" autoComplete="bday" required {...props} />;
}
