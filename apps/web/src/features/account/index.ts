/** What other features may use of the account feature (the console's privacy page editor). */
export { PrivacyText } from './PrivacyText';
