/** What screens use of the interface's languages (docs/product.md#languages). */
export { LanguagePicker } from './LanguagePicker';
export { useCheckMessage } from './checkMessages';
