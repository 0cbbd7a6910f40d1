import { lazy } from 'react';

/** What other features and the app may use of check-in (docs/product.md#check-in-at-the-door, docs/product.md#my-badge). */
export { useDoorStaff } from './checkinApi';
export { BadgeDashboardCard } from './BadgeDashboardCard';
/** The two screens, each a chunk of its own, loaded when shown (the door's with its camera and QR reader). */
export const MyBadgePage = lazy(() => import('./MyBadgePage'));
export const CheckInScreen = lazy(() => import('./CheckInScreen'));
