import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Download } from 'lucide-react';
import { EXPORTS, EXPORT_NAMES, type ExportName } from '@mc/contract';
import { Alert, Button, Card } from '../../../components/ui';
import { SectionHeading } from '../SectionHeading';
import { downloadExport } from '../moderationApi';
import { BadgesCard } from '../BadgesCard';

// The contract names each file in English (EXPORTS[name].label); the screen says it in the interface's language.
const TITLES: Record<ExportName, { messageId: string }> = {
  attendees: { messageId: 'organiser.exports.attendees' },
  missions: { messageId: 'organiser.sections.missions' },
  'survey-completion': { messageId: 'organiser.exports.surveyCompletion' },
};

const DESCRIPTIONS: Record<ExportName, { messageId: string }> = {
  attendees: { messageId: 'organiser.exports.attendeesDescription' },
  missions: { messageId: 'organiser.exports.missionsDescription' },
  'survey-completion': { messageId: 'organiser.exports.surveyCompletionDescription' },
};

/** CSV downloads for spreadsheets. People who chose anonymity appear by their anonymous id only. */
export default function ExportsSection() {
  const { _ } = useLingui();
  const [failure, setFailure] = useState<{ name: ExportName; message: string } | null>(null);
  const download = useMutation({
    mutationFn: downloadExport,
    onMutate: () => setFailure(null),
    onSuccess: (fileName) => toast.success(_('organiser.exports.downloaded', { file: fileName })),
    onError: (error, name) => setFailure({ name, message: error.message }),
  });
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading title={_('organiser.sections.exports')} description={_('organiser.exports.description')} />
      <ul className="grid gap-4 md:grid-cols-3">
        {EXPORT_NAMES.map((name) => (
          <li key={name}>
            <Card className="flex h-full flex-col gap-3">
              <h2 className="text-lg font-semibold text-slate-50">{_(TITLES[name].messageId)}</h2>
              <p className="flex-1 text-sm text-slate-300">{_(DESCRIPTIONS[name].messageId)}</p>
              <Button
                variant="secondary"
                icon={<Download aria-hidden="true" className="size-4" />}
                busy={download.isPending && download.variables === name}
                busyLabel={_('organiser.common.preparing')}
                disabled={download.isPending}
                onClick={() => download.mutate(name)}
                aria-label={_('organiser.common.download', { file: EXPORTS[name].file })}
              >
                {_('organiser.common.download', { file: EXPORTS[name].file })}
              </Button>
              {failure?.name === name ? <Alert tone="error">{failure.message}</Alert> : null}
            </Card>
          </li>
        ))}
      </ul>
      <BadgesCard />
    </section>
  );
}
