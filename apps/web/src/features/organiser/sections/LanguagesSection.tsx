import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
import type { LanguageCode, OfferedLanguages } from '@mc/contract';
import { Alert, Card, QueryState } from '../../../components/ui';
import { LANGUAGES } from '../../../i18n/languages';
import { SectionHeading } from '../SectionHeading';
import { screenKeys } from '../../../lib/screenKeys';
import { getOfferedLanguages, setLanguageOffered } from '../organiserApi';

/**
 * The interface languages the event offers (docs/product.md#languages): organisers switch any but
 * English off and on again; each change is recorded in the audit log.
 */
export default function LanguagesSection() {
  const { _ } = useLingui();
  const offered = useQuery({ queryKey: screenKeys.offeredLanguages, queryFn: getOfferedLanguages });
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading title={_('organiser.sections.languages')} description={_('organiser.languages.description')} />
      <QueryState query={offered} loading={_('organiser.languages.loading')}>
        {(data) => <LanguageSwitches offered={data} />}
      </QueryState>
    </section>
  );
}

function LanguageSwitches({ offered }: { offered: OfferedLanguages }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: ({ language, on }: { language: LanguageCode; on: boolean }) => setLanguageOffered(language, on),
    onSuccess: (saved, { language, on }) => {
      queryClient.setQueryData(screenKeys.offeredLanguages, saved);
      const name = LANGUAGES.find(({ code }) => code === language)?.name ?? language;
      toast.success(on ? _('organiser.languages.offeredAgain', { name }) : _('organiser.languages.switchedOff', { name }));
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Card className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-200">{_('organiser.languages.legend')}</legend>
        {LANGUAGES.map(({ code, name }) => {
          const isEnglish = code === 'en';
          return (
            <label key={code} className="flex items-start gap-3 text-slate-200">
              <input
                type="checkbox"
                className="mt-1 size-5 accent-sky-400"
                // The box shows the change asked for while it is being saved.
                checked={change.isPending && change.variables.language === code ? change.variables.on : offered.offered.includes(code)}
                disabled={isEnglish || change.isPending}
                onChange={(event) => change.mutate({ language: code, on: event.target.checked })}
              />
              <span>
                <span lang={code} className="font-medium">
                  {name}
                </span>
                {isEnglish ? <span className="block text-sm text-slate-400">{_('organiser.languages.englishAlways')}</span> : null}
              </span>
            </label>
          );
        })}
      </fieldset>
      <Alert tone="info" live={false}>
        {_('organiser.languages.whenSeen')}
      </Alert>
    </Card>
  );
}
