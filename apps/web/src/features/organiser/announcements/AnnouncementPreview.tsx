import { useId } from 'react';
import { Bell } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { AnnouncementCard } from '../../announcements';

interface AnnouncementPreviewProps {
  title: string;
  body: string;
  link: string;
  urgent: boolean;
}

/**
 * The announcement as its recipients will see it (docs/product.md#announcements): the banner on
 * their dashboard and the line in their bell, drawn from what is typed so far.
 */
export function AnnouncementPreview({ title, body, link, urgent }: AnnouncementPreviewProps) {
  const { _ } = useLingui();
  const id = useId();
  if (!title.trim() && !body.trim()) return null;
  return (
    <section aria-labelledby={`${id}-preview`} className="flex flex-col gap-3 rounded-xl border border-slate-700 p-4" data-testid="announcement-preview">
      <h3 id={`${id}-preview`} className="text-sm font-semibold text-slate-100">
        {_('organiser.announcements.preview')}
      </h3>
      <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('organiser.announcements.previewBanner')}</p>
      <AnnouncementCard headingId={`${id}-banner`} title={title} body={body} link={link.trim() || null} urgent={urgent} preview />
      <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('organiser.announcements.previewBell')}</p>
      <p className="flex gap-2 text-sm break-words text-slate-200" data-testid="announcement-preview-bell">
        <Bell aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-300" />
        <span>{_('organiser.announcements.bellText', { title, text: body })}</span>
      </p>
    </section>
  );
}
