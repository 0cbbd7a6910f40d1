import type { ComponentType } from 'react';
import {
  CalendarCog,
  CalendarClock,
  Download,
  Gauge,
  MessageSquareHeart,
  History,
  Languages,
  Megaphone,
  Rocket,
  ShieldCheck,
  SpellCheck,
  Users,
  Vote,
  Wand2,
  type LucideIcon,
} from 'lucide-react';
import { lazyCode } from '../../lib/lazyCode';

export interface OrganiserSection {
  /** The address under /organiser ('' is the console's first screen). */
  slug: string;
  /** The menu's word for it, an id of the catalogue. */
  messageId: string;
  icon: LucideIcon;
  /** Each section is its own file and its own chunk: attendees never download any of it. */
  Component: ComponentType;
}

/**
 * The console's sections, in menu order. Adding one: a file in sections/ with a default export,
 * one entry here. The route table and the section menu are built from this list.
 */
export const ORGANISER_SECTIONS: readonly OrganiserSection[] = [
  { slug: '', messageId: 'organiser.sections.overview', icon: Gauge, Component: lazyCode(() => import('./sections/OverviewSection')) },
  { slug: 'programme', messageId: 'organiser.sections.programme', icon: CalendarCog, Component: lazyCode(() => import('./sections/ProgrammeSection')) },
  {
    slug: 'announcements',
    messageId: 'organiser.sections.announcements',
    icon: Megaphone,
    Component: lazyCode(() => import('./sections/AnnouncementsSection')),
  },
  { slug: 'missions', messageId: 'organiser.sections.missions', icon: Rocket, Component: lazyCode(() => import('./sections/MissionsSection')) },
  { slug: 'people', messageId: 'organiser.sections.people', icon: Users, Component: lazyCode(() => import('./sections/PeopleSection')) },
  { slug: 'team-builder', messageId: 'organiser.sections.teamBuilder', icon: Wand2, Component: lazyCode(() => import('./sections/TeamBuilderSection')) },
  { slug: 'rounds', messageId: 'organiser.sections.rounds', icon: Vote, Component: lazyCode(() => import('./sections/RoundsSection')) },
  {
    slug: 'after-the-event',
    messageId: 'organiser.sections.afterEvent',
    icon: CalendarClock,
    Component: lazyCode(() => import('./sections/AfterEventSection')),
  },
  { slug: 'feedback', messageId: 'organiser.sections.feedback', icon: MessageSquareHeart, Component: lazyCode(() => import('./sections/FeedbackSection')) },
  { slug: 'exports', messageId: 'organiser.sections.exports', icon: Download, Component: lazyCode(() => import('./sections/ExportsSection')) },
  { slug: 'privacy', messageId: 'organiser.sections.privacy', icon: ShieldCheck, Component: lazyCode(() => import('./sections/PrivacySection')) },
  { slug: 'languages', messageId: 'organiser.sections.languages', icon: Languages, Component: lazyCode(() => import('./sections/LanguagesSection')) },
  { slug: 'translations', messageId: 'organiser.sections.translations', icon: SpellCheck, Component: lazyCode(() => import('./sections/TranslationsSection')) },
  { slug: 'audit-log', messageId: 'organiser.sections.auditLog', icon: History, Component: lazyCode(() => import('./sections/AuditLogSection')) },
];
