import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { useAuth } from '../../lib/auth';
import { queryKeys } from '../../lib/queryKeys';
import { AnnouncementCard } from './AnnouncementCard';
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
        <AnnouncementCard
          key={banner.id}
          headingId={`announcement-${banner.id}`}
          title={banner.title}
          body={banner.body}
          link={banner.link}
          urgent={banner.urgent}
          action={
            <button
              type="button"
              onClick={() => dismiss.mutate(banner.id)}
              disabled={dismiss.isPending}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{_('announcements.dismiss', { title: banner.title })}</span>
            </button>
          }
        />
      ))}
    </section>
  );
}
