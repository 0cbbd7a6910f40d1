import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { ChevronDown, LogOut, Presentation } from 'lucide-react';
import { notify as toast } from '../../lib/notify';
import { cn } from '../../components/ui/cn';
import { Button } from '../../components/ui/Button';
import { ThemeSwitch } from '../../components/ThemeSwitch';
import { appConfig } from '../../lib/appConfig';
import { personName, useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { useOrganiserStatus } from '../../features/organiser/organiserApi';
import { CHECK_IN_NAV, CONFERENCE_NAV, MAIN_NAV, ORGANISER_NAV, POST_CONFERENCE_NAV, type NavItem } from './navigation';
import { usePostConferenceVisible } from './usePostConferenceVisible';
import { useConferenceDates } from './useConferenceDates';
import { preloadScreen } from '../screens';
import { lazyCode } from '../../lib/lazyCode';
import { OptionalPart } from '../../components/OptionalPart';

// Who is door staff is asked by the check-in feature's code, loaded apart from the layout's.
const DoorStaffOnly = lazyCode(() => import('../../features/checkin').then((module) => ({ default: module.DoorStaffOnly })));

const itemClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
    isActive ? 'bg-sky-400/15 text-sky-100 ring-1 ring-sky-400/40' : 'text-slate-300 hover:bg-white/5 hover:text-slate-50',
  );

function SidebarLink({ item, onNavigate }: { item: NavItem; onNavigate?: (() => void) | undefined }) {
  const { _ } = useLingui();
  const Icon = item.icon;
  const queryClient = useQueryClient();
  const { user } = useAuth();
  // A hover, focus or touch says where the person is going: the screen's code and data start now.
  const preload = () => preloadScreen(item.to, user ? { queryClient, userId: user.id } : undefined);
  return (
    <li>
      <NavLink to={item.to} className={itemClasses} onClick={onNavigate} onPointerEnter={preload} onFocus={preload} onTouchStart={preload}>
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        <span>{_(item.messageId)}</span>
      </NavLink>
    </li>
  );
}

/**
 * What the sidebar reads (its conference group's dates come with Post-Conference's), in one place
 * for the sidebar and for reading it ahead of the drawer's opening (SidebarReads).
 */
function useSidebarReads() {
  return { showPostConference: usePostConferenceVisible(), organiser: useOrganiserStatus() };
}

/** Reads what the sidebar shows without drawing it: AppLayout's read-ahead below xl. */
export function SidebarReads() {
  useSidebarReads();
  return null;
}

interface SidebarProps {
  /** Called after a link is followed, so the drawer can close. */
  onNavigate?: () => void;
}

/** The sidebar's content; AppLayout places it fixed from xl and in a drawer below. */
export function Sidebar({ onNavigate }: SidebarProps) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const { signOut, user, appUser } = useAuth();
  const name = personName(appUser, user).full;
  const { showPostConference, organiser } = useSidebarReads();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      console.error('Sign-out failed', error);
      toast.error(error instanceof Error ? error.message : _('nav.signOutFailed'));
    } finally {
      setSigningOut(false);
      onNavigate?.();
      navigate(paths.signIn(), { replace: true });
    }
  };

  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <Link to={paths.dashboard()} onClick={onNavigate} className="flex items-center gap-3 rounded-lg py-1 pr-12 pl-2 xl:pr-2">
        <img src="/logo.svg" alt="" width={40} height={40} className="size-10" />
        <span className="flex flex-col">
          <span className="font-bold tracking-wide text-slate-50">{appConfig.productName}</span>
          <span className="text-xs text-slate-400">{appConfig.programmeName}</span>
        </span>
      </Link>

      <nav aria-label={_('nav.main')} className="-m-1 flex-1 overflow-y-auto p-1">
        <ul className="flex flex-col gap-1">
          {MAIN_NAV.map((item) => (
            <SidebarLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
          <ConferenceGroup onNavigate={onNavigate} />
          {showPostConference ? <SidebarLink item={POST_CONFERENCE_NAV} onNavigate={onNavigate} /> : null}
          <OptionalPart>
            <DoorStaffOnly>
              <SidebarLink item={CHECK_IN_NAV} onNavigate={onNavigate} />
            </DoorStaffOnly>
          </OptionalPart>
          {organiser.data ? <SidebarLink item={ORGANISER_NAV} onNavigate={onNavigate} /> : null}
        </ul>
      </nav>

      <div className="flex flex-col gap-3 border-t border-slate-700/70 pt-4">
        {user?.email ? (
          <Link
            to={paths.account()}
            onClick={onNavigate}
            className="block rounded-lg px-2 py-1 text-xs hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-300"
            // The name says everything the link shows (the person's name and e-mail, apart as on the
            // screen), so that someone who speaks to their device can say what they see to follow it.
            aria-label={_('nav.myAccount', { name: name ? `${name}, ${user.email}` : user.email })}
          >
            {name ? <p className="truncate text-sm font-medium text-slate-100">{name}</p> : null}{' '}
            <p className="truncate text-slate-400" title={user.email}>
              {user.email}
            </p>
          </Link>
        ) : null}
        <ThemeSwitch />
        <Button
          variant="secondary"
          onClick={onSignOut}
          busy={signingOut}
          busyLabel={_('common.signingOut')}
          icon={<LogOut aria-hidden="true" className="size-4" />}
        >
          {_('nav.signOut')}
        </Button>
      </div>
    </div>
  );
}

/** The conference's screens, a group that opens itself when one of them is shown. */
function ConferenceGroup({ onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const { groupLabel } = useConferenceDates();
  const conferenceActive = CONFERENCE_NAV.some((item) => item.to === pathname);
  const [conferenceOpen, setConferenceOpen] = useState(conferenceActive);
  const groupId = useId();

  useEffect(() => {
    if (conferenceActive) setConferenceOpen(true);
  }, [conferenceActive]);

  return (
    <li>
      <button
        type="button"
        aria-expanded={conferenceOpen}
        aria-controls={groupId}
        onClick={() => setConferenceOpen((open) => !open)}
        className={cn(
          'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium transition-colors hover:bg-white/5 hover:text-slate-50',
          conferenceActive ? 'text-sky-100' : 'text-slate-300',
        )}
      >
        <Presentation aria-hidden="true" className="size-5 shrink-0" />
        <span className="flex-1">{groupLabel}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform motion-reduce:transition-none', conferenceOpen && 'rotate-180')} />
      </button>
      <ul id={groupId} hidden={!conferenceOpen} className="mt-1 ml-4 flex flex-col gap-1 border-l border-slate-700 pl-3">
        {CONFERENCE_NAV.map((item) => (
          <SidebarLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
    </li>
  );
}
