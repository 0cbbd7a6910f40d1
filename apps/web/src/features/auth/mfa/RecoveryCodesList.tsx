import { useId, useState } from 'react';
import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { appConfig } from '../../../lib/appConfig';

/**
 * Ten recovery codes, shown once: copy, download, and a confirmation that they were kept before
 * the person may go on (they cannot be shown again; new ones replace them).
 */
export function RecoveryCodesList({ codes, onDone, doneLabel = 'Done' }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const [saved, setSaved] = useState(false);
  const checkboxId = useId();
  const text = `${appConfig.productName} recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Could not copy. Select the codes and copy them, or download them.');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-300">
        Keep these codes somewhere safe, away from your phone. Each one signs you in once if you lose your authenticator app. They will not be shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-xl border border-slate-700 bg-slate-950/60 p-4 font-mono text-base text-slate-100 min-[380px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" icon={<Copy aria-hidden="true" className="size-4" />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" icon={<Download aria-hidden="true" className="size-4" />} onClick={download}>
          Download
        </Button>
      </div>
      <div className="flex items-start gap-3">
        <input id={checkboxId} type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} className="mt-1 size-5 accent-sky-400" />
        <label htmlFor={checkboxId} className="text-sm text-slate-200">
          I have saved my recovery codes
        </label>
      </div>
      <Button size="lg" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}
