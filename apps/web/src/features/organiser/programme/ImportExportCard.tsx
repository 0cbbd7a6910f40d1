import { useRef, useState } from 'react';
import { Download, Upload } from 'lucide-react';
import { Button, Card, CardHeader, Dialog } from '../../../components/ui';
import { fetchProgramme } from '../../conference';
import { saveProblemOf, useProgrammeChange, type SaveProblem } from './programmeEditing';
import { SaveProblemAlert } from './SaveProblemAlert';

/** The whole programme as one JSON file: download it, or replace the programme with one. */
export function ImportExportCard() {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ name: string; programme: unknown } | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [exporting, setExporting] = useState(false);
  const importProgramme = useProgrammeChange('import_programme', 'Programme imported');

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
      setProblem({ message: `${file.name} is not a JSON file: nothing was changed.`, problems: [] });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Card>
      <CardHeader
        title="Export and import"
        description="The whole programme (conference details, speakers, sessions) as one JSON file. An import replaces everything, or changes nothing and lists every problem."
      />
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          icon={<Download aria-hidden="true" className="size-4" />}
          busy={exporting}
          busyLabel="Exporting..."
          onClick={() => void onExport()}
        >
          Export programme
        </Button>
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-600 bg-slate-800/70 px-4 text-sm font-semibold text-slate-100 focus-ring-within hover:bg-slate-700">
          <Upload aria-hidden="true" className="size-4" />
          Import programme
          <input ref={input} type="file" accept="application/json,.json" className="sr-only" onChange={(event) => void onFile(event.target.files?.[0])} />
        </label>
      </div>
      <SaveProblemAlert problem={problem} />
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title="Replace the whole programme?"
        description={pending ? `Everything in ${pending.name} replaces the current programme, for everyone, at once.` : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              busy={importProgramme.isPending}
              busyLabel="Importing..."
              onClick={() =>
                pending &&
                importProgramme.mutate(
                  { p_programme: pending.programme },
                  { onSuccess: () => setProblem(null), onError: (error) => setProblem(saveProblemOf(error)), onSettled: () => setPending(null) },
                )
              }
            >
              Replace programme
            </Button>
          </>
        }
      />
    </Card>
  );
}
