/** What other features may use of open roles; everything else in this folder is its own business. */
export { OpenRolesCard } from './OpenRolesCard';
export { openRoleCountsQuery } from './rolesApi';
