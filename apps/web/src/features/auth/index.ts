/** What other features may use of auth; everything else in this folder is its own business. */
export { TwoStepSignInCard } from './mfa/TwoStepSignInCard';
export { EnrolAuthenticator } from './mfa/EnrolAuthenticator';
export { verifiedFactors } from './mfa/assurance';
export { AuthShell, inlineLinkClasses } from './AuthShell';
export { useAccountLanguage } from './useAccountLanguage';
