import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Download } from 'lucide-react';
import { BADGE_LAYOUTS, type BadgeLayout } from '@mc/contract';
import { Alert, Button, Card, TextField } from '../../components/ui';
import { downloadBadges } from './checkinApi';

const LAYOUT_LABELS: Record<BadgeLayout, { messageId: string }> = {
  sheet: { messageId: 'organiser.badges.sheet' },
  single: { messageId: 'organiser.badges.single' },
};

/** Badges to print as a PDF: everyone, or the people registered since a day; 8 to an A4 sheet or one a page. */
export function BadgesCard() {
  const { _ } = useLingui();
  const [layout, setLayout] = useState<BadgeLayout>('sheet');
  const [since, setSince] = useState('');
  const download = useMutation({
    mutationFn: () => downloadBadges(layout, since || null),
    onSuccess: (fileName) => toast.success(_('organiser.exports.downloaded', { file: fileName })),
  });
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-50">{_('organiser.badges.title')}</h2>
      <p className="text-sm text-slate-300">{_('organiser.badges.description')}</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-200">{_('organiser.badges.layout')}</legend>
        {BADGE_LAYOUTS.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-200">
            <input type="radio" name="badge-layout" className="size-5 accent-sky-400" checked={layout === option} onChange={() => setLayout(option)} />
            {_(LAYOUT_LABELS[option].messageId)}
          </label>
        ))}
      </fieldset>
      <TextField
        label={_('organiser.badges.since')}
        type="date"
        value={since}
        onChange={(event) => setSince(event.target.value)}
        containerClassName="max-w-xs"
      />
      <Button
        variant="secondary"
        icon={<Download aria-hidden="true" className="size-4" />}
        busy={download.isPending}
        busyLabel={_('organiser.common.preparing')}
        onClick={() => download.mutate()}
        className="self-start"
      >
        {_('organiser.badges.download')}
      </Button>
      {download.isError ? <Alert tone="error">{download.error.message}</Alert> : null}
    </Card>
  );
}
