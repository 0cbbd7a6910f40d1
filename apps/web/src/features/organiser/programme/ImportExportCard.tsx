import { useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { Button, Card, CardHeader, Dialog } from '../../../components/ui';
import { fetchProgramme } from '../../conference';
import { saveProblemOf, useProgrammeChange, type SaveProblem } from './programmeApi';
import { SaveProblemAlert } from './SaveProblemAlert';

/** The whole programme as one JSON file: download it, or replace the programme with one. */
export function ImportExportCard() {
  const { _ } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ name: string; programme: unknown } | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [exporting, setExporting] = useState(false);
  const importProgramme = useProgrammeChange('import_programme', _('organiser.importExport.imported'));

  const onExport = async () => {
    setExporting(true);
    try {
      const { programme } = await fetchProgramme();
      const url = URL.createObjectURL(new Blob([JSON.stringify(programme, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `programme-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setProblem(saveProblemOf(error));
    } finally {
      setExporting(false);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      setPending({ name: file.name, programme: JSON.parse(await file.text()) as unknown });
    } catch {
      setProblem({ message: _('organiser.importExport.notJson', { file: file.name }), problems: [] });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card>
      <CardHeader title={_('organiser.importExport.title')} description={_('organiser.importExport.description')} />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          icon={<Download aria-hidden="true" className="size-4" />}
          busy={exporting}
          busyLabel={_('organiser.importExport.exporting')}
          onClick={() => void onExport()}
        >
          {_('organiser.importExport.export')}
        </Button>
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-600 bg-slate-800/70 px-4 text-sm font-semibold text-slate-100 focus-ring-within hover:bg-slate-700">
          <Upload aria-hidden="true" className="size-4" />
          {_('organiser.importExport.import')}
          <input ref={input} type="file" accept="application/json,.json" className="sr-only" onChange={(event) => void onFile(event.target.files?.[0])} />
        </label>
      </div>
      <SaveProblemAlert problem={problem} />
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={_('organiser.importExport.replaceTitle')}
        description={pending ? _('organiser.importExport.replaceDescription', { file: pending.name }) : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {_('organiser.common.cancel')}
            </Button>
            <Button
              busy={importProgramme.isPending}
              busyLabel={_('organiser.importExport.importing')}
              onClick={() =>
                pending &&
                importProgramme.mutate(
                  { p_programme: pending.programme },
                  { onSuccess: () => setProblem(null), onError: (error) => setProblem(saveProblemOf(error)), onSettled: () => setPending(null) },
                )
              }
            >
              {_('organiser.importExport.replace')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
