import { TextField, type TextFieldProps } from '../../components/ui/TextField';
import { todayIso } from './AuthShell';

type PresetFieldProps = Omit<TextFieldProps, 'type' | 'name' | 'label'> & { label?: string };

/** The e-mail field of the sign-in, sign-up and reset screens. */
export function EmailField({ label = 'Email', ...props }: PresetFieldProps) {
  return <TextField label={label} type="email" name="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required {...props} />;
}

/** The date of birth, which is also the credential: a real date, no later than today. */
export function DateOfBirthField({ label = 'Date of Birth', ...props }: PresetFieldProps) {
  return <TextField label={label} type="date" name="dateOfBirth" autoComplete="bday" max={todayIso()} required {...props} />;
}
