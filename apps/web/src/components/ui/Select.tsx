import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldFrame, describedBy, fieldControlClasses } from './TextField';
import { cn } from './cn';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
  /** The option's language, when it is not the page's (a language named in its own words). */
  lang?: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice such as "Select an objective or focus...". */
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  showRequiredMark?: boolean;
  containerClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ label, options, placeholder, hint, error, id, required, showRequiredMark, containerClassName, className, ref, ...rest }: SelectProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} required={required} showRequiredMark={showRequiredMark} hint={hint} error={error} className={containerClassName}>
      <select
        ref={ref}
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(fieldControlClasses, 'appearance-auto', className)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
