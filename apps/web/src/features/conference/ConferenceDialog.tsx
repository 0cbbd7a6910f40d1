import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react';

interface ConferenceDialogProps {
  /** The element that opens the dialog; focus returns to it on close. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Shown above the title (e.g. a photo or a badge row). */
  header?: ReactNode;
  children: ReactNode;
  /** Controlled use (a link that opens one speaker's profile); uncontrolled when absent. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The modal used by the speakers directory and the agenda: Radix handles focus trap, Escape and focus return. */
export function ConferenceDialog({ trigger, title, description, header, children, open, onOpenChange }: ConferenceDialogProps) {
  const { _ } = useLingui();
  return (
    <Dialog.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[88dvh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-slate-700/70 bg-slate-900 text-slate-100 shadow-2xl shadow-indigo-950/50 focus:outline-none">
          <div className="overflow-y-auto p-5 sm:p-6">
            {header}
            <Dialog.Title className="pr-10 text-xl font-semibold text-white">{title}</Dialog.Title>
            <Dialog.Description asChild>
              <div className="mt-1 text-sm text-indigo-200">{description}</div>
            </Dialog.Description>
            <div className="mt-5 space-y-5">{children}</div>
          </div>
          <Dialog.Close
            aria-label={_('programme.dialog.close')}
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
