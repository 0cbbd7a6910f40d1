import { useId, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
import type { CorrectedLanguage, TranslationRow } from '@mc/contract';
import { Alert, Badge, Button, TextAreaField } from '../../../components/ui';
import { screenKeys } from '../../../lib/screenKeys';
import { correctTranslation, setTranslationReviewed } from '../organiserApi';
import { LANGUAGES } from '../../../i18n/languages';

/** A language's name as its speakers write it. */
export const languageName = (code: string) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

/** One message: its English, its text in the language, whether it is reviewed or corrected, and the editor. */
export function TranslationItem({ row, language }: { row: TranslationRow; language: CorrectedLanguage }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const headingId = useId();
  const shown = row.correction ?? row.catalogue;
  const ref = { p_language: language, p_source: row.source, p_key: row.key };
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: screenKeys.translationsAll }), queryClient.invalidateQueries({ queryKey: screenKeys.auditLogAll })]);
  const save = useMutation({
    mutationFn: (next: string | null) => correctTranslation({ ...ref, p_text: next }),
    onSuccess: async (_saved, next) => {
      setEditing(false);
      toast.success(_(next === null ? 'organiser.translations.restored' : 'organiser.translations.saved'));
      await refresh();
    },
  });
  const review = useMutation({
    mutationFn: (reviewed: boolean) => setTranslationReviewed({ ...ref, p_reviewed: reviewed }),
    onSuccess: refresh,
    onError: (error) => toast.error(error.message),
  });

  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border border-slate-700/70 bg-slate-900/70 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <code id={headingId} className="text-xs break-all text-slate-400">
          {row.key}
        </code>
        {row.source === 'server' ? <Badge>{_('organiser.translations.serverMessage')}</Badge> : null}
        {row.correction !== null ? <Badge tone="accent">{_('organiser.translations.corrected')}</Badge> : null}
        <Badge tone={row.reviewed ? 'success' : 'warning'}>{_(row.reviewed ? 'organiser.translations.reviewed' : 'organiser.translations.notReviewed')}</Badge>
      </div>
      <dl className="grid gap-3 md:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-slate-400">{_('organiser.translations.english')}</dt>
          <dd lang="en" className="break-words whitespace-pre-wrap text-slate-200">
            {row.english}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-slate-400">{languageName(language)}</dt>
          <dd lang={language} className="break-words whitespace-pre-wrap text-slate-50">
            {shown}
          </dd>
          {row.correction !== null ? (
            <p className="mt-1 text-xs text-slate-400">
              {_('organiser.translations.catalogueText')} <span lang={language}>{row.catalogue}</span>
            </p>
          ) : null}
        </div>
      </dl>
      {editing ? (
        <CorrectionForm
          language={language}
          text={text}
          onText={setText}
          save={save}
          onCancel={() => {
            save.reset();
            setEditing(false);
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setText(shown);
              save.reset();
              setEditing(true);
            }}
          >
            {_('organiser.translations.correct')}
          </Button>
          {row.correction !== null ? (
            <Button variant="ghost" size="sm" busy={save.isPending} onClick={() => save.mutate(null)}>
              {_('organiser.translations.restore')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" busy={review.isPending} onClick={() => review.mutate(!row.reviewed)}>
            {_(row.reviewed ? 'organiser.translations.markNotReviewed' : 'organiser.translations.markReviewed')}
          </Button>
        </div>
      )}
    </li>
  );
}

interface CorrectionFormProps {
  language: CorrectedLanguage;
  text: string;
  onText: (text: string) => void;
  save: UseMutationResult<TranslationRow, Error, string | null>;
  onCancel: () => void;
}

/** The text in a box, saved as a correction; a refused one says why under it. */
function CorrectionForm({ language, text, onText, save, onCancel }: CorrectionFormProps) {
  const { _ } = useLingui();
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(text);
      }}
    >
      <TextAreaField
        label={_('organiser.translations.textIn', { language: languageName(language) })}
        hint={_('organiser.translations.keepHint')}
        lang={language}
        rows={3}
        value={text}
        autoFocus
        onChange={(event) => onText(event.target.value)}
      />
      {save.error ? (
        <Alert tone="error" title={_('organiser.translations.refused')}>
          {save.error.message}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending} busyLabel={_('organiser.common.loading')}>
          {_('organiser.translations.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {_('organiser.translations.cancel')}
        </Button>
      </div>
    </form>
  );
}
