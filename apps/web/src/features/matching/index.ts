/** What other features may use of matching (docs/product.md#matching). */
export { MissionsForMeCard } from './MissionsForMeCard';
export { PeopleWhoFitCard } from './PeopleWhoFitCard';
export { fitReasonText } from './fitReason';
export { builderLeftOutQuery, builderOverviewQuery, previewTeamBuilder, sendProposal } from './matchingApi';
