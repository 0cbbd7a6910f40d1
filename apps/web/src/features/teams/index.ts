/** What other features may use of teams; everything else in this folder is its own business. */
export { default as ManageTeamDialog } from './ManageTeamDialog';
export { invalidateTeam, removeMember } from './teamsApi';
