import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog } from '../../components/ui';

interface DashboardMissionSectionProps {
  canCreateMission: boolean;
}

/** Dashboard mission area (first version: Create Mission button and its confirm dialog). */
export default function DashboardMissionSection({ canCreateMission }: DashboardMissionSectionProps) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <section aria-label="Mission">
      <Button disabled={!canCreateMission} onClick={() => setConfirmOpen(true)}>
        Create Mission
      </Button>
      <Dialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Confirm Mission Creation"
        description="Missions should be created by team leaders, are you sure you want to proceed?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => void navigate('/create-mission')}>Proceed</Button>
          </>
        }
      />
    </section>
  );
}
