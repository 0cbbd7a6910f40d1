import { useId, useState } from 'react';
import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Button } from '../../../components/ui/Button';
import { appConfig } from '../../../lib/appConfig';

/**
 * Ten recovery codes, shown once: copy, download, and a confirmation that they were kept before
 * the person may go on (they cannot be shown again; new ones replace them).
 */
export function RecoveryCodesList({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel?: string }) {
  const { _ } = useLingui();
  const [saved, setSaved] = useState(false);
  const checkboxId = useId();
  // The copied or downloaded file speaks the language the codes were shown in.
  const heading = _('mfa.codes.fileHeading', { productName: appConfig.productName });
  const text = `${heading}\n${_('mfa.codes.fileExplanation')}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(_('mfa.codes.copied'));
    } catch {
      toast.error(_('mfa.codes.copyFailed'));
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
      <p className="text-sm text-slate-300">{_('mfa.codes.keepSafe')}</p>
      <ol
        aria-label={_('mfa.codes.listLabel')}
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
          {_('mfa.codes.copy')}
        </Button>
        <Button variant="secondary" icon={<Download aria-hidden="true" className="size-4" />} onClick={download}>
          {_('mfa.codes.download')}
        </Button>
      </div>
      <div className="flex items-start gap-3">
        <input id={checkboxId} type="checkbox" checked={saved} onChange={(event) => setSaved(event.target.checked)} className="mt-1 size-5 accent-sky-400" />
        <label htmlFor={checkboxId} className="text-sm text-slate-200">
          {_('mfa.codes.saved')}
        </label>
      </div>
      <Button size="lg" disabled={!saved} onClick={onDone}>
        {doneLabel ?? _('mfa.codes.done')}
      </Button>
    </div>
  );
}
