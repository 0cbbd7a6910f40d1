import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react';
import { PRIVACY_PAGE_MAX, type PrivacyPageSource } from '@mc/contract';
import { Alert, Button, Card, CardHeader, Select, TextAreaField, QueryState } from '../../../components/ui';
import { isLanguage, LANGUAGES, type Language } from '../../../i18n/languages';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { PrivacyText } from '../../account';
import { SectionHeading } from '../SectionHeading';
import { screenKeys } from '../../../lib/screenKeys';
import { getPrivacyPageSource, savePrivacyPage } from '../organiserApi';

/**
 * The public privacy page's editor (docs/product.md#privacy-page): the text as written, the
 * placeholders the server fills in, and a preview. Saving is recorded in the audit log.
 */
export default function PrivacySection() {
  const { _ } = useLingui();
  const source = useQuery({ queryKey: screenKeys.privacyPageSource, queryFn: getPrivacyPageSource });
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title={_('organiser.sections.privacy')}
        description={
          <Trans
            id="organiser.privacy.description"
            components={{ 0: <Link to={paths.privacy()} className="text-sky-300 underline underline-offset-4 hover:text-sky-200" /> }}
          />
        }
      />
      <QueryState query={source} loading={_('organiser.privacy.loading')}>
        {(data) => <Editor key={data.updated_at ?? 'template'} source={data} />}
      </QueryState>
    </section>
  );
}

function fill(body: string, source: PrivacyPageSource): string {
  const values = new Map(source.placeholders.map((placeholder) => [placeholder.name, placeholder.value]));
  return body.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values.get(name) ?? whole);
}

function Editor({ source }: { source: PrivacyPageSource }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [body, setBody] = useState(source.body);
  const save = useMutation({
    mutationFn: savePrivacyPage,
    onSuccess: async (saved) => {
      queryClient.setQueryData(screenKeys.privacyPageSource, saved);
      setBody(saved.body);
      await queryClient.invalidateQueries({ queryKey: screenKeys.privacyPage });
      toast.success(_(saved.is_default ? 'organiser.privacy.templateAgain' : 'organiser.privacy.saved'));
    },
  });
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Card>
        <CardHeader
          title={_('organiser.privacy.text')}
          description={source.is_default ? _('organiser.privacy.builtIn') : _('organiser.privacy.savedAt', { when: formatDateTime(source.updated_at) })}
        />
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(body);
          }}
          noValidate
        >
          <TextAreaField
            label={_('organiser.privacy.textLabel')}
            hint={_('organiser.privacy.textHint')}
            rows={18}
            maxLength={PRIVACY_PAGE_MAX}
            showCounter
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
          {save.isError ? <Alert tone="error">{save.error.message}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={save.isPending && save.variables !== null} busyLabel={_('organiser.common.saving')} disabled={save.isPending}>
              {_('organiser.privacy.save')}
            </Button>
            <Button
              variant="secondary"
              busy={save.isPending && save.variables === null}
              busyLabel={_('organiser.privacy.restoring')}
              disabled={save.isPending || source.is_default}
              onClick={() => save.mutate(null)}
            >
              {_('organiser.privacy.useTemplate')}
            </Button>
          </div>
        </form>
        <h3 className="mt-6 text-sm font-semibold text-slate-200">{_('organiser.privacy.placeholders')}</h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {source.placeholders.map((placeholder) => (
            <div key={placeholder.name} className="contents">
              <dt className="font-mono text-slate-100">{`{${placeholder.name}}`}</dt>
              <dd className="text-slate-300">
                {placeholder.meaning}: <span className="text-slate-100">{placeholder.value}</span>
              </dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card role="region" aria-label={_('organiser.privacy.preview')}>
        <CardHeader title={_('organiser.privacy.preview')} description={_('organiser.privacy.previewDescription')} />
        <PrivacyText body={fill(body, source)} />
      </Card>
      <TemplateInEachLanguage source={source} onStartFrom={setBody} />
    </div>
  );
}

/** The built-in template as people read it in each language while no text is saved; organisers may start from one. */
function TemplateInEachLanguage({ source, onStartFrom }: { source: PrivacyPageSource; onStartFrom: (body: string) => void }) {
  const { _, i18n } = useLingui();
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.locale) ? i18n.locale : 'en');
  const template = source.templates[language];
  return (
    <Card role="region" aria-label={_('organiser.privacy.templates')} className="xl:col-span-2">
      <CardHeader title={_('organiser.privacy.templates')} description={_('organiser.privacy.templatesDescription')} />
      <div className="flex flex-col gap-4">
        <Select
          label={_('organiser.privacy.templateLanguage')}
          options={LANGUAGES.map(({ code, name }) => ({ value: code, label: name, lang: code }))}
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
          containerClassName="max-w-xs"
        />
        <div lang={language}>
          <PrivacyText body={fill(template, source)} />
        </div>
        <Button variant="secondary" className="self-start" onClick={() => onStartFrom(template)}>
          {_('organiser.privacy.startFrom')}
        </Button>
      </div>
    </Card>
  );
}
