import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Download } from 'lucide-react';
import { EXPORTS, EXPORT_NAMES, type ExportName } from '@mc/contract';
import { Alert, Button, Card } from '../../../components/ui';
import { SectionHeading } from '../SectionHeading';
import { downloadExport } from '../moderationApi';

const DESCRIPTIONS: Record<ExportName, string> = {
  attendees: 'Everyone who signed up: contact details, sign-up date, surveys, role profile, mission and teams.',
  missions: 'Every mission with its team size, votes, subscribers, creator and whether it is hidden.',
  'survey-completion': 'Who has done the pre- and post-conference surveys, to match the survey tool’s answers.',
};

/** CSV downloads for spreadsheets. People who chose anonymity appear by their anonymous id only. */
export default function ExportsSection() {
  const [failure, setFailure] = useState<{ name: ExportName; message: string } | null>(null);
  const download = useMutation({
    mutationFn: downloadExport,
    onMutate: () => setFailure(null),
    onSuccess: (fileName) => toast.success(`${fileName} is downloaded.`),
    onError: (error, name) => setFailure({ name, message: error.message }),
  });
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title="Exports"
        description="CSV files that open in any spreadsheet (UTF-8). Anyone who chose to stay anonymous appears by their anonymous id only, with no name, e-mail or mobile. Each download is recorded in the audit log."
      />
      <ul className="grid gap-4 md:grid-cols-3">
        {EXPORT_NAMES.map((name) => (
          <li key={name}>
            <Card className="flex h-full flex-col gap-3">
              <h2 className="text-lg font-semibold text-slate-50">{EXPORTS[name].label}</h2>
              <p className="flex-1 text-sm text-slate-300">{DESCRIPTIONS[name]}</p>
              <Button
                variant="secondary"
                icon={<Download aria-hidden="true" className="size-4" />}
                busy={download.isPending && download.variables === name}
                busyLabel="Preparing..."
                disabled={download.isPending}
                onClick={() => download.mutate(name)}
                aria-label={`Download ${EXPORTS[name].file}`}
              >
                Download {EXPORTS[name].file}
              </Button>
              {failure?.name === name ? <Alert tone="error">{failure.message}</Alert> : null}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
