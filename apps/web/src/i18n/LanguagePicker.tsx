import { useLingui } from '@lingui/react';
import { chooseLanguage } from './i18n';
import { isLanguage, LANGUAGES } from './languages';

/**
 * The interface language, for this device: each language listed in its own words, so a person who
 * cannot read the current one still finds theirs.
 */
export function LanguagePicker({ className = '' }: { className?: string }) {
  const { i18n, _ } = useLingui();
  return (
    <label className={`inline-flex min-h-11 items-center gap-2 text-sm text-slate-300 ${className}`}>
      {_('language.label')}
      <select
        value={i18n.locale}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void chooseLanguage(event.target.value);
        }}
        className="min-h-9 rounded-lg border border-slate-600 bg-slate-900 px-2 text-slate-100"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </label>
  );
}
