/** What other features may use of missions; everything else in this folder is its own business. */
export { default as DashboardMissionSection } from './DashboardMissionSection';
export { useMyMission, useOwnedMission } from './useMembershipMission';
