import { CalendarDays, ClipboardCheck, Compass, LayoutDashboard, QrCode, Rocket, ScanLine, ShieldCheck, UserRound, Users, type LucideIcon } from 'lucide-react';
import { paths } from '../../lib/paths';

export interface NavItem {
  /** The item's words in the catalogue. */
  messageId: string;
  to: string;
  icon: LucideIcon;
}

/** The sidebar items, in order (docs/product.md#protected-layout-and-sidebar). */
export const MAIN_NAV: readonly NavItem[] = [
  { messageId: 'nav.dashboard', to: paths.dashboard(), icon: LayoutDashboard },
  { messageId: 'nav.profile', to: paths.viewRoleProfile(), icon: UserRound },
  { messageId: 'nav.myMission', to: paths.myMission(), icon: Rocket },
  { messageId: 'nav.allMissions', to: paths.allMissions(), icon: Compass },
  { messageId: 'nav.myBadge', to: paths.myBadge(), icon: QrCode },
];

export const CONFERENCE_NAV: readonly NavItem[] = [
  { messageId: 'nav.agendaSchedule', to: paths.agendaSchedule(), icon: CalendarDays },
  { messageId: 'nav.speakersDirectory', to: paths.speakersDirectory(), icon: Users },
];

export const POST_CONFERENCE_NAV: NavItem = { messageId: 'nav.postConference', to: paths.postConference(), icon: ClipboardCheck };

/** Shown only to organisers (the server still checks every organiser call). */
export const ORGANISER_NAV: NavItem = { messageId: 'nav.organiser', to: paths.organiser(), icon: ShieldCheck };

/** Shown only to door staff: the check-in screen, under the console's address but none of the console (docs/product.md#check-in-at-the-door). */
export const CHECK_IN_NAV: NavItem = { messageId: 'nav.checkIn', to: paths.organiser('check-in'), icon: ScanLine };
