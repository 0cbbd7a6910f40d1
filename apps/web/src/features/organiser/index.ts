/** What other features may use of the organisers' side; everything else in this folder is its own business. */
export { useOrganiserStatus } from './organiserApi';
