/** What other features may use of open roles and role cards; everything else in this folder is its own business. */
export { OpenRolesCard } from './OpenRolesCard';
export { inviteToRole, missionRolesQuery, openRoleCountsQuery } from './rolesApi';
export { invalidateRequests } from './requestsApi';
export { PersonName, RoleCardDialog, RoleCardView } from './RoleCardDialog';
export { CardVisibilityCard, CardVisibilityReminder } from './CardVisibility';
export { AnswerButtons, AskToJoinButton, MissionRequestsCard, MyRequestsCard, MyRoleAction } from './RequestParts';
export { archetypeLabel, objectiveLabel } from './optionLabels';
