/**
 * What other features and the app may use of check-in (docs/product.md#check-in-at-the-door,
 * docs/product.md#my-badge). Everything here is imported with import(), never statically: the
 * route table in /signin's first download then lists none of it.
 */
export { DoorStaffOnly } from './checkinApi';
export { BadgeDashboardCard } from './BadgeDashboardCard';
/** The two screens' code, each a chunk of its own (the door's with its camera and QR reader), for React's lazy(). */
export const loadMyBadgePage = () => import('./MyBadgePage');
export const loadCheckInScreen = () => import('./CheckInScreen');
