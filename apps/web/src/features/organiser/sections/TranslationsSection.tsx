import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
import { Languages } from 'lucide-react';
import { CORRECTED_LANGUAGES, type CorrectedLanguage, type TranslationFilter, type TranslationPage } from '@mc/contract';
import { Button, Card, QueryState, SearchInput, Select } from '../../../components/ui';
import { screenKeys } from '../../../lib/screenKeys';
import { SectionHeading } from '../SectionHeading';
import { exportTranslationCorrections, listTranslations } from '../organiserApi';
import { languageName, TranslationItem } from './TranslationItem';

const FILTERS: Record<TranslationFilter, { messageId: string }> = {
  all: { messageId: 'organiser.translations.filterAll' },
  not_reviewed: { messageId: 'organiser.translations.filterNotReviewed' },
  corrected: { messageId: 'organiser.translations.filterCorrected' },
};

/**
 * The app's messages in a language beside their English (docs/product.md#languages): organisers
 * who speak it correct a text (everyone sees the correction: the app on its next load, the
 * server's messages at once), mark texts reviewed, and export the corrections as a PO file.
 */
export default function TranslationsSection() {
  const { _ } = useLingui();
  const [language, setLanguage] = useState<CorrectedLanguage>('xh');
  const [filter, setFilter] = useState<TranslationFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const searched = useDeferredValue(search.trim());
  const list = useQuery({
    queryKey: screenKeys.translations(language, filter, searched, page),
    queryFn: () => listTranslations({ p_language: language, p_filter: filter, p_search: searched, p_page: page }),
    placeholderData: keepPreviousData,
  });
  const changeAnd =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading title={_('organiser.sections.translations')} description={_('organiser.translations.description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={_('organiser.translations.language')}
          options={CORRECTED_LANGUAGES.map((code) => ({ value: code, label: languageName(code), lang: code }))}
          value={language}
          onChange={(event) => changeAnd(setLanguage)(event.target.value as CorrectedLanguage)}
        />
        <Select
          label={_('organiser.translations.show')}
          options={Object.entries(FILTERS).map(([value, { messageId }]) => ({ value, label: _(messageId) }))}
          value={filter}
          onChange={(event) => changeAnd(setFilter)(event.target.value as TranslationFilter)}
        />
      </div>
      <SearchInput
        label={_('organiser.translations.search')}
        placeholder={_('organiser.translations.searchPlaceholder')}
        value={search}
        onChange={changeAnd(setSearch)}
      />
      <ExportButton language={language} />
      <QueryState query={list} loading={_('organiser.translations.loading')} errorTitle={_('organiser.translations.loadFailed')}>
        {(data) => <MessageList data={data} language={language} onPage={setPage} />}
      </QueryState>
    </section>
  );
}

function MessageList({ data, language, onPage }: { data: TranslationPage; language: CorrectedLanguage; onPage: (page: number) => void }) {
  const { _ } = useLingui();
  if (data.rows.length === 0) {
    return (
      <Card className="flex items-center gap-3 text-slate-300">
        <Languages aria-hidden="true" className="size-5 shrink-0" />
        <p>{_('organiser.translations.empty')}</p>
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <>
      <p className="text-sm text-slate-300" aria-live="polite">
        {_('organiser.translations.count', { count: data.total })}
      </p>
      <ol aria-label={_('organiser.translations.messages')} className="flex flex-col gap-3">
        {data.rows.map((row) => (
          <TranslationItem key={`${row.source}:${row.key}`} row={row} language={language} />
        ))}
      </ol>
      <nav aria-label={_('organiser.translations.pages')} className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" disabled={data.page === 0} onClick={() => onPage(data.page - 1)}>
          {_('organiser.translations.previous')}
        </Button>
        <span className="text-sm text-slate-300">{_('organiser.translations.page', { page: data.page + 1, pages })}</span>
        <Button variant="secondary" disabled={data.page + 1 >= pages} onClick={() => onPage(data.page + 1)}>
          {_('organiser.translations.next')}
        </Button>
      </nav>
    </>
  );
}

/** Downloads the language's corrections as a PO file, to be merged into the repository's catalogues. */
function ExportButton({ language }: { language: CorrectedLanguage }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const download = useMutation({
    mutationFn: () => exportTranslationCorrections(language),
    onSuccess: ({ filename, po, count }) => {
      const url = URL.createObjectURL(new Blob([po], { type: 'text/x-gettext-translation;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast.success(_('organiser.translations.exported', { count }));
      void queryClient.invalidateQueries({ queryKey: screenKeys.auditLogAll });
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Button variant="secondary" className="self-start" busy={download.isPending} busyLabel={_('organiser.common.loading')} onClick={() => download.mutate()}>
      {_('organiser.translations.export', { language: languageName(language) })}
    </Button>
  );
}
