/** What other features may use of profiles; everything else in this folder is its own business. */
export { formatDate, orNotSpecified } from './format';
export { roleProfileQuery } from './roleProfileApi';
