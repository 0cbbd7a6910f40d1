import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Megaphone, X } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react';
import { useAuth } from '../../lib/auth';
import { queryKeys } from '../../lib/queryKeys';
import { dismissAnnouncement, getMyAnnouncements } from './announcementsApi';

/**
 * The organisers' announcements to this person that they have not dismissed, as banners on the
 * dashboard (the bell lists them too). Nothing while loading or when there is none; dismissing
 * one also marks it read in the bell.
 */
export function AnnouncementBanners() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const key = queryKeys.announcements(userId);
  const banners = useQuery({ queryKey: key, enabled: userId !== null, queryFn: getMyAnnouncements });
  const dismiss = useMutation({
    mutationFn: dismissAnnouncement,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) });
    },
    onError: (error) => toast.error(error.message),
  });
  if (!banners.data?.length) return null;
  return (
    <section aria-label={_('announcements.label')} className="flex flex-col gap-3">
      {banners.data.map((banner) => (
        <article
          key={banner.id}
          aria-labelledby={`announcement-${banner.id}`}
          className={`flex gap-3 rounded-2xl border p-4 ${banner.urgent ? 'border-amber-400/60 bg-amber-400/10' : 'border-sky-400/40 bg-sky-400/5'}`}
        >
          <Megaphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-sky-300" />
          <div className="min-w-0 flex-1">
            <h2 id={`announcement-${banner.id}`} className="font-semibold text-white">
              {banner.urgent ? (
                <span className="mr-2 rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-950">{_('announcements.urgent')}</span>
              ) : null}
              {banner.title}
            </h2>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-200">{banner.body}</p>
            {banner.link ? (
              <Link to={banner.link} className="mt-2 inline-flex min-h-9 items-center text-sm text-sky-200 underline underline-offset-2 hover:text-white">
                <Trans id="announcements.open" values={{ title: banner.title }} components={{ 0: <span className="sr-only" /> }} />
              </Link>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => dismiss.mutate(banner.id)}
            disabled={dismiss.isPending}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{_('announcements.dismiss', { title: banner.title })}</span>
          </button>
        </article>
      ))}
    </section>
  );
}
