import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Megaphone } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';

interface AnnouncementCardProps {
  headingId: string;
  title: string;
  body: string;
  link: string | null;
  urgent: boolean;
  /** The organisers' preview: the "Open" link is drawn but leads nowhere, so the form is not left. */
  preview?: boolean;
  /** Beside the text: the banner's dismiss button. */
  action?: ReactNode;
}

/** One announcement as a banner, on the dashboard and in the organisers' preview (docs/product.md#announcements). */
export function AnnouncementCard({ headingId, title, body, link, urgent, preview = false, action }: AnnouncementCardProps) {
  const { _ } = useLingui();
  const open = <Trans id="announcements.open" values={{ title }} components={{ 0: <span className="sr-only" /> }} />;
  const linkClasses = 'mt-2 inline-flex min-h-9 items-center text-sm text-sky-200 underline underline-offset-2';
  return (
    <article
      aria-labelledby={headingId}
      className={`flex gap-3 rounded-2xl border p-4 ${urgent ? 'border-amber-400/60 bg-amber-400/10' : 'border-sky-400/40 bg-sky-400/5'}`}
    >
      <Megaphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-300" />
      <div className="min-w-0 flex-1">
        <h2 id={headingId} className="font-semibold break-words text-white">
          {urgent ? <span className="mr-2 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-950">{_('announcements.urgent')}</span> : null}
          {title}
        </h2>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-200">{body}</p>
        {link ? (
          preview ? (
            <span className={linkClasses}>{open}</span>
          ) : (
            <Link to={link} className={`${linkClasses} hover:text-white`}>
              {open}
            </Link>
          )
        ) : null}
      </div>
      {action}
    </article>
  );
}
