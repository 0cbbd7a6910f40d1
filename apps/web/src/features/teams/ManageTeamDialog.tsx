import { Dialog } from '../../components/ui/Dialog';

export interface ManageTeamDialogProps {
  missionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Manage Team dialog (SPEC §2/§4/§5/§8). Work in progress: the full dialog follows. */
export default function ManageTeamDialog({ missionId, open, onOpenChange }: ManageTeamDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Manage Team">
      <p className="text-sm text-slate-300" data-mission-id={missionId}>
        Loading team members...
      </p>
    </Dialog>
  );
}
