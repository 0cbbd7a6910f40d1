import { useLingui } from '@lingui/react';
import { MISSION_STATUSES, PROGRESS_LIMITS, type MissionStatus } from '@mc/contract';
import { Select, TextField } from '../../components/ui';
import { STATUS_MESSAGE_IDS } from './statusLabels';

interface StatusFieldsProps {
  status: MissionStatus;
  reason: string;
  onStatus: (status: MissionStatus) => void;
  onReason: (reason: string) => void;
}

/** A mission's status, and its reason for any status but Active (docs/product.md#mission-status). */
export function StatusFields({ status, reason, onStatus, onReason }: StatusFieldsProps) {
  const { _ } = useLingui();
  return (
    <>
      <Select
        label={_('progress.status.label')}
        options={MISSION_STATUSES.map((value) => ({ value, label: _(STATUS_MESSAGE_IDS[value]) }))}
        value={status}
        onChange={(event) => onStatus(event.target.value as MissionStatus)}
      />
      {status !== 'active' ? (
        <TextField
          label={_('progress.status.reason')}
          value={reason}
          maxLength={PROGRESS_LIMITS.statusReasonChars}
          required
          onChange={(event) => onReason(event.target.value)}
        />
      ) : null}
    </>
  );
}
