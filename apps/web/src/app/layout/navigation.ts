import { CalendarDays, ClipboardCheck, Compass, LayoutDashboard, Rocket, ShieldCheck, UserRound, Users, type LucideIcon } from 'lucide-react';
import { paths } from '../../lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The sidebar items, in order (docs/product.md#protected-layout-and-sidebar). */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard(), icon: LayoutDashboard },
  { label: 'Profile', to: paths.viewRoleProfile(), icon: UserRound },
  { label: 'My Mission', to: paths.myMission(), icon: Rocket },
  { label: 'All Missions', to: paths.allMissions(), icon: Compass },
];

export const CONFERENCE_NAV: readonly NavItem[] = [
  { label: 'Agenda Schedule', to: paths.agendaSchedule(), icon: CalendarDays },
  { label: 'Speakers Directory', to: paths.speakersDirectory(), icon: Users },
];

export const POST_CONFERENCE_NAV: NavItem = { label: 'Post-Conference', to: paths.postConference(), icon: ClipboardCheck };

/** Shown only to organisers (the server still checks every organiser call). */
export const ORGANISER_NAV: NavItem = { label: 'Organiser console', to: paths.organiser(), icon: ShieldCheck };
