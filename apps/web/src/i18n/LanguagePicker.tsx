import { useLingui } from '@lingui/react';
import { Select } from '../components/ui/Select';
import { chooseLanguage, OFFERED_LANGUAGES } from './i18n';
import { isLanguage, LANGUAGES } from './languages';

const OPTIONS = LANGUAGES.filter(({ code }) => OFFERED_LANGUAGES.includes(code)).map(({ code, name }) => ({ value: code, label: name, lang: code }));

/**
 * The interface language, for this device: each language listed in its own words, so a person who
 * cannot read the current one still finds theirs.
 */
export function LanguagePicker() {
  const { i18n, _ } = useLingui();
  // With only English offered there is nothing to choose.
  if (OPTIONS.length < 2) return null;
  return (
    <Select
      label={_('language.label')}
      options={OPTIONS}
      value={i18n.locale}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void chooseLanguage(event.target.value);
      }}
      containerClassName="w-40 text-left"
    />
  );
}
