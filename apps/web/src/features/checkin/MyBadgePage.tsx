import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
import { RefreshCw } from 'lucide-react';
import type { MyBadge } from '@mc/contract';
import { Alert, Button, Card, Dialog, QueryState, pageClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { screenKeys } from '../../lib/screenKeys';
import { myBadgeQuery, replaceMyBadge } from './checkinApi';
import { BadgeQr } from './BadgeQr';
import { momentLabel } from './DoorAnswerPanel';

/** "Get a new code", asked first: the old code stops working at once. */
function ReplaceBadge({ onReplaced }: { onReplaced: (badge: MyBadge) => void }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const replace = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onReplaced(await replaceMyBadge());
      setOpen(false);
      toast.success(_('badge.replace.done'));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : _('common.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" icon={<RefreshCw aria-hidden="true" className="size-4" />} onClick={() => setOpen(true)}>
        {_('badge.replace.open')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setFailure(null);
        }}
        title={_('badge.replace.title')}
        description={_('badge.replace.description')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {_('common.cancel')}
            </Button>
            <Button variant="danger" busy={busy} busyLabel={_('badge.replace.busy')} onClick={() => void replace()}>
              {_('badge.replace.confirm')}
            </Button>
          </>
        }
      >
        {failure ? <Alert tone="error">{failure}</Alert> : null}
      </Dialog>
    </>
  );
}

function BadgeCard({ badge }: { badge: MyBadge }) {
  const { _ } = useLingui();
  const name = `${badge.first_name} ${badge.last_name}`.trim();
  return (
    <Card className="flex flex-col items-center gap-5 text-center">
      <div className="flex flex-col gap-1">
        <p className="text-3xl font-extrabold break-words text-slate-50" data-testid="badge-name">
          {name}
        </p>
        <p className="text-lg text-slate-200">{badge.role_title ?? _('badge.noRole')}</p>
        <p className="text-lg text-slate-300">{badge.mission_title ? _('badge.mission', { mission: badge.mission_title }) : _('badge.noMission')}</p>
      </div>
      <BadgeQr code={badge.code} label={_('badge.qrAlt', { name })} />
      <p className="text-sm text-slate-300">{_('badge.version', { version: badge.version })}</p>
      {badge.checked_in_at ? (
        <p className="text-lg font-semibold text-emerald-300">{_('badge.checkedIn', { time: momentLabel(badge.checked_in_at), door: badge.door ?? '' })}</p>
      ) : null}
    </Card>
  );
}

/**
 * docs/product.md#my-badge: the code the door scans, with the name others see, the role and the
 * mission. Kept on the device like the agenda, so it opens without a network.
 */
export default function MyBadgePage() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const badge = useQuery(myBadgeQuery(user?.id ?? null));
  const title = _('badge.title');
  return (
    <div className={pageClasses}>
      <div className="mx-auto flex max-w-xl flex-col gap-5">
        <title>{`${title} · ${appConfig.productName}`}</title>
        <div>
          <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
          <p className="mt-1 text-slate-300">{_('badge.intro')}</p>
        </div>
        <QueryState query={badge} loading={_('badge.loading')}>
          {(data) => (
            <>
              <BadgeCard badge={data} />
              <div className="flex flex-col items-center gap-2 text-center">
                <ReplaceBadge onReplaced={(fresh) => queryClient.setQueryData(screenKeys.myBadge(user?.id ?? null), fresh)} />
                <p className="text-sm text-slate-400">{_('badge.replace.hint')}</p>
              </div>
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
