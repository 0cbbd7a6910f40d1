import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, TextField } from '../../components/ui';

interface PersonRowProps {
  firstName: string;
  lastName: string;
  email: string;
  /** A line under the e-mail address (for example how many people they checked in). */
  detail?: ReactNode;
  /** The row's buttons. */
  children: ReactNode;
}

/** One person the console lists by name and e-mail address, with what may be done to them. */
export function PersonRow({ firstName, lastName, email, detail, children }: PersonRowProps) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-50">
          {firstName} {lastName}
        </p>
        <p className="text-sm break-all text-slate-300">{email}</p>
        {detail ? <p className="text-sm text-slate-400">{detail}</p> : null}
      </div>
      <div className="flex flex-wrap gap-1">{children}</div>
    </li>
  );
}

interface AddByEmailFormProps {
  label: string;
  hint?: string;
  /** Shown under the field when it is submitted empty; nothing is sent then. */
  emptyMessage: string;
  submitLabel: string;
  busyLabel: string;
  icon?: ReactNode;
  /** Adds the person with this address; a refusal's message shows under the field, which keeps the address to correct. */
  add: (email: string) => Promise<unknown>;
}

/** The console's one way to give a person a role by their e-mail address. */
export function AddByEmailForm({ label, hint, emptyMessage, submitLabel, busyLabel, icon, add }: AddByEmailFormProps) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setProblem(emptyMessage);
      return;
    }
    setBusy(true);
    try {
      await add(address);
      setEmail('');
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        label={label}
        type="email"
        autoComplete="off"
        hint={hint}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={problem ?? undefined}
        containerClassName="flex-1"
      />
      <Button type="submit" busy={busy} busyLabel={busyLabel} icon={icon} className="sm:mb-6">
        {submitLabel}
      </Button>
    </form>
  );
}
