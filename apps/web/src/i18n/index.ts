export { activateLanguage, chooseLanguage, startingLanguage } from './i18n';
export { LanguagePicker } from './LanguagePicker';
export { LANGUAGES, type Language } from './languages';
