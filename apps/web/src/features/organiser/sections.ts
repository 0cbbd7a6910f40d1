import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CalendarCog, Download, Gauge, History, Megaphone, Rocket, ShieldCheck, Users, Vote, Wand2, type LucideIcon } from 'lucide-react';

export interface OrganiserSection {
  /** The address under /organiser ('' is the console's first screen). */
  slug: string;
  label: string;
  icon: LucideIcon;
  /** Each section is its own file and its own chunk: attendees never download any of it. */
  Component: LazyExoticComponent<ComponentType>;
}

/**
 * The console's sections, in menu order. Adding one: a file in sections/ with a default export,
 * one entry here. The route table and the section menu are built from this list.
 */
export const ORGANISER_SECTIONS: readonly OrganiserSection[] = [
  { slug: '', label: 'Overview', icon: Gauge, Component: lazy(() => import('./sections/OverviewSection')) },
  { slug: 'programme', label: 'Programme', icon: CalendarCog, Component: lazy(() => import('./sections/ProgrammeSection')) },
  { slug: 'announcements', label: 'Announcements', icon: Megaphone, Component: lazy(() => import('./sections/AnnouncementsSection')) },
  { slug: 'missions', label: 'Missions', icon: Rocket, Component: lazy(() => import('./sections/MissionsSection')) },
  { slug: 'people', label: 'People', icon: Users, Component: lazy(() => import('./sections/PeopleSection')) },
  { slug: 'team-builder', label: 'Team builder', icon: Wand2, Component: lazy(() => import('./sections/TeamBuilderSection')) },
  { slug: 'rounds', label: 'Voting rounds', icon: Vote, Component: lazy(() => import('./sections/RoundsSection')) },
  { slug: 'exports', label: 'Exports', icon: Download, Component: lazy(() => import('./sections/ExportsSection')) },
  { slug: 'privacy', label: 'Privacy page', icon: ShieldCheck, Component: lazy(() => import('./sections/PrivacySection')) },
  { slug: 'audit-log', label: 'Audit log', icon: History, Component: lazy(() => import('./sections/AuditLogSection')) },
];
