import { Alert, Button, Dialog } from '../../components/ui';
import { ANONYMITY_COVERS } from '@mc/contract';
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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Do you want to stay anonymous?"
      description="Choose whether you want to remain anonymous or share your name and contact details."
      footer={
        <>
          <Button variant="secondary" disabled={busy !== null} busy={busy === 'share'} busyLabel="Processing..." onClick={() => onAnswer('share')}>
            I want to share my name and contact details.
          </Button>
          <Button disabled={busy !== null} busy={busy === 'anonymous'} busyLabel="Processing..." onClick={() => onAnswer('anonymous')}>
            Stay anonymous
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-300">{ANONYMITY_COVERS}</p>
      {alert ? <Alert tone="error">{alert}</Alert> : null}
    </Dialog>
  );
}
