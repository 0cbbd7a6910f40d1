import { useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { cn } from './cn';
import { focusPageHeading } from './focus';

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/**
 * A dialog's content that scrolls but holds nothing to focus (a long list to read) takes the
 * keyboard's focus itself, so the arrow keys can scroll it; content with a field or a button
 * scrolls with them and gets no extra stop. Watched as the content grows or the screen turns.
 */
function keyboardScrollable(element: HTMLDivElement): () => void {
  const update = () => {
    const scrolls = element.scrollHeight > element.clientHeight + 1;
    const reachable = element.querySelector(FOCUSABLE) !== null;
    if (scrolls && !reachable) element.tabIndex = 0;
    else element.removeAttribute('tabindex');
  };
  const observer = new ResizeObserver(update);
  observer.observe(element);
  for (const child of element.children) observer.observe(child);
  update();
  return () => observer.disconnect();
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom (Cancel / Proceed ...). */
  footer?: ReactNode;
  /** Show the corner close (X) button; on by default. */
  showCloseButton?: boolean;
  /** The close button's name for screen readers ("Close" unless told otherwise). */
  closeLabel?: string;
  /** How wide it may grow: md (32rem) by default, lg (42rem) and xl (56rem) for editors with side-by-side fields. */
  size?: DialogSize;
  className?: string;
}

export type DialogSize = 'md' | 'lg' | 'xl';

// One max-width per dialog: two max-w classes on one element would be decided by the stylesheet's
// order, not by which was meant (a wide editor once came out narrow that way).
const SIZES: Record<DialogSize, string> = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' };

/**
 * A modal dialog: focus is trapped inside, Escape and the close button dismiss it, and focus returns
 * to whatever opened it. Radix returns focus only to its own Trigger; our dialogs are opened by
 * ordinary buttons (and links, list rows), so the opener is remembered as focus moves in.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, showCloseButton = true, closeLabel, size = 'md', className }: DialogProps) {
  const { _ } = useLingui();
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/75 backdrop-blur-sm" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            SIZES[size],
            'rounded-2xl border border-slate-700 bg-slate-900 p-5 text-slate-100 shadow-2xl shadow-black/60 focus:outline-none sm:p-6',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            // Runs before focus moves in: what has focus now opened the dialog.
            opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = opener.current;
            opener.current = null;
            // The opener may be gone (the dialog's action removed it): then the page's heading.
            if (target?.isConnected) target.focus();
            else focusPageHeading();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-50">{title}</RadixDialog.Title>
            {showCloseButton ? (
              <RadixDialog.Close aria-label={closeLabel ?? _('common.close')} className="-m-1 rounded-md p-1 text-slate-300 hover:bg-white/10 hover:text-white">
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            ) : null}
          </div>
          {description ? <RadixDialog.Description className="mt-2 text-sm text-slate-300">{description}</RadixDialog.Description> : null}
          {/* The padding keeps the focus ring of a field at the edge inside the scrolling area. */}
          {children ? (
            <div ref={keyboardScrollable} className="-mx-1 -mb-1 mt-3 min-h-0 overflow-y-auto p-1">
              {children}
            </div>
          ) : null}
          {footer ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wraps a button so that activating it closes the surrounding Dialog. */
export const DialogClose = RadixDialog.Close;
