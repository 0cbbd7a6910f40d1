import { useLingui } from '@lingui/react';
import { Alert, Button, Dialog } from '../../components/ui';
import type { AnonymityAnswer } from './useOpenSurvey';

interface AnonymityDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAnswer: (answer: AnonymityAnswer) => void;
  busy: AnonymityAnswer | null;
  alert: string | null;
}

/** docs/product.md#anonymity-dialog; the answer being recorded reads "Processing...". */
export function AnonymityDialog({ open, onOpenChange, onAnswer, busy, alert }: AnonymityDialogProps) {
  const { _ } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={_('dashboard.anonymity.title')}
      description={_('dashboard.anonymity.description')}
      footer={
        <>
          <Button variant="secondary" disabled={busy !== null} busy={busy === 'share'} busyLabel={_('common.processing')} onClick={() => onAnswer('share')}>
            {_('dashboard.anonymity.share')}
          </Button>
          <Button disabled={busy !== null} busy={busy === 'anonymous'} busyLabel={_('common.processing')} onClick={() => onAnswer('anonymous')}>
            {_('common.stayAnonymous')}
          </Button>
        </>
      }
    >
      {/* The contract's ANONYMITY_COVERS, in the interface's language. */}
      <p className="text-sm text-slate-300">{_('common.anonymityCovers')}</p>
      {alert ? <Alert tone="error">{alert}</Alert> : null}
    </Dialog>
  );
}
