import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

export const fieldControlClasses =
  'block w-full rounded-lg border border-slate-600 bg-slate-900/80 px-3 py-2.5 text-base text-slate-100 placeholder:text-slate-400 ' +
  'focus:border-sky-300 aria-[invalid=true]:border-rose-400 ' +
  'disabled:opacity-60';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  required?: boolean | undefined;
  /** Show the required asterisk (defaults to `required`). */
  showRequiredMark?: boolean | undefined;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
  aside?: ReactNode;
}

/** Label, control, hint and error, wired together for assistive technology. */
export function FieldFrame({ id, label, required, showRequiredMark, hint, error, children, className, aside }: FieldFrameProps) {
  const mark = showRequiredMark ?? required;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-200">
          {label}
          {mark ? (
            <span className="ml-0.5 text-rose-300" aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  showRequiredMark?: boolean;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, id, required, showRequiredMark, containerClassName, className, ref, ...rest }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} required={required} showRequiredMark={showRequiredMark} hint={hint} error={error} className={containerClassName}>
      <input
        ref={ref}
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(fieldControlClasses, className)}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  showRequiredMark?: boolean;
  /** Shows a live "current/max" counter when maxLength is set. */
  showCounter?: boolean;
  containerClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({
  label,
  hint,
  error,
  id,
  required,
  showRequiredMark,
  showCounter,
  containerClassName,
  className,
  maxLength,
  value,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const length = typeof value === 'string' ? value.length : 0;
  const counter =
    showCounter && maxLength ? (
      <span className="text-xs tabular-nums text-slate-400" aria-live="polite">
        {length}/{maxLength}
      </span>
    ) : null;
  return (
    <FieldFrame
      id={fieldId}
      label={label}
      required={required}
      showRequiredMark={showRequiredMark}
      hint={hint}
      error={error}
      className={containerClassName}
      aside={counter}
    >
      <textarea
        ref={ref}
        id={fieldId}
        required={required}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(fieldControlClasses, 'min-h-24', className)}
        {...rest}
      />
    </FieldFrame>
  );
}
