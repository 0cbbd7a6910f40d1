import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './Spinner';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'on';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors select-none ' +
  '' +
  'disabled:cursor-not-allowed disabled:border-slate-700 disabled:bg-slate-800/60 disabled:text-slate-400 disabled:shadow-none ' +
  'aria-busy:cursor-progress';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-sky-400 text-slate-950 hover:bg-sky-300 shadow-lg shadow-sky-500/20',
  secondary: 'border border-slate-600 bg-slate-800/70 text-slate-100 hover:bg-slate-700',
  ghost: 'text-slate-200 hover:bg-white/10',
  danger: 'bg-rose-700 text-white hover:bg-rose-600',
  /** A toggle the person has switched on (a cast vote, a subscription): a positive state. */
  on: 'border border-emerald-400/60 bg-emerald-400/15 text-emerald-100 hover:bg-emerald-400/25',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/** The button look, for links that act as buttons (`<Link className={buttonClasses()}>`). */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While busy the button is disabled and shows busyLabel (e.g. "Signing in..."). */
  busy?: boolean;
  busyLabel?: ReactNode;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A busy button is not `disabled`: a disabled button drops keyboard focus to the page, so after a
 * click the person would have to find their place again. It says it is unavailable
 * (`aria-disabled`) and ignores activation instead, and focus stays on it.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  busyLabel,
  icon,
  className,
  disabled,
  children,
  type = 'button',
  ref,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled && !busy}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        // Also stops a submit button from submitting its form again while busy.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {busy ? <Spinner size="sm" /> : icon}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
