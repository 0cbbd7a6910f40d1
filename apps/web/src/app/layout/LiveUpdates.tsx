import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHECKINS_TOPIC, MISSIONS_TOPIC, type MissionsLiveEvent } from '@mc/contract/live.ts';
import { userTopic, type NotificationList, type UserLiveEvent } from '@mc/contract/notifications.ts';
import { ROUNDS_TOPIC, type RoundLiveEvent } from '@mc/contract/rounds.ts';
import { POLLS_TOPIC, type PollsLiveEvent } from '@mc/contract/pollsLive.ts';
import { useAuth } from '../../lib/auth';
import { supabase } from '../../lib/supabase';
import { LiveConnection } from '../../lib/live/connection';
import { applyMissionsEvent, refreshMissions } from '../../lib/live/missionsCache';
import { applyRoundEvent } from '../../lib/live/roundsCache';
import { applyPollsEvent } from '../../lib/live/pollsCache';
import { applyNewerState } from '../../lib/applyNewerState';
import { getLiveStatus, setLiveStatus } from '../../lib/live/status';
import { queryKeys } from '../../lib/queryKeys';
import { screenKeys } from '../../lib/screenKeys';

/**
 * Keeps the signed-in person's screens current: counts from the live channel go straight into the
 * cached missions, and a word on the person's own topic that their notifications changed brings
 * the bell its new list. When the channel is not live (blocked by a proxy, or reconnecting), the screens
 * read afresh when the window regains focus and after each action instead. Nothing polls.
 */
export default function LiveUpdates() {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const userId = session?.user.id ?? null;
  const token = session?.access_token ?? null;
  const connection = useRef<LiveConnection | null>(null);

  useEffect(() => {
    if (!userId) return undefined;
    const ownTopic = userTopic(userId);
    const refreshNotifications = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) });
    const refreshAll = () => {
      void refreshMissions(queryClient);
      refreshNotifications();
      void queryClient.invalidateQueries({ queryKey: queryKeys.voteRounds });
      void queryClient.invalidateQueries({ queryKey: screenKeys.polls });
      void queryClient.invalidateQueries({ queryKey: screenKeys.checkinFiguresAll });
    };
    const live = new LiveConnection(
      async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
      [MISSIONS_TOPIC, ROUNDS_TOPIC, POLLS_TOPIC, CHECKINS_TOPIC, ownTopic],
      {
        message: (message) => {
          if (message.type === 'resync') refreshAll();
          else if (message.type === 'event' && message.topic === MISSIONS_TOPIC) applyMissionsEvent(queryClient, message.data as MissionsLiveEvent);
          else if (message.type === 'event' && message.topic === ROUNDS_TOPIC) applyRoundEvent(queryClient, message.data as RoundLiveEvent);
          else if (message.type === 'event' && message.topic === POLLS_TOPIC) applyPollsEvent(queryClient, message.data as PollsLiveEvent);
          // Check-ins changed: the console's figures, when a screen shows them, are read again (nothing else is).
          else if (message.type === 'event' && message.topic === CHECKINS_TOPIC) void queryClient.invalidateQueries({ queryKey: screenKeys.checkinFiguresAll });
          // The word brings the bell's list, read for everyone told at once: no read of its own.
          else if (message.type === 'event' && message.topic === ownTopic) {
            const { list } = message.data as UserLiveEvent;
            applyNewerState<NotificationList>(queryClient, queryKeys.notifications(userId), () => list);
          }
        },
        status: setLiveStatus,
        // A change made between a screen's first read and the subscription (or during a break)
        // came through no message: once the server confirms the subscription, read afresh.
        subscribed: refreshAll,
      },
    );
    connection.current = live;
    setLiveStatus('connecting');
    live.start();
    return () => {
      live.stop();
      connection.current = null;
      setLiveStatus('off');
    };
  }, [userId, queryClient]);

  useEffect(() => {
    if (token) connection.current?.tokenChanged(token);
  }, [token]);

  // The fallback while the channel is not live: a fresh read on focus and after each action.
  useEffect(() => {
    if (!userId) return undefined;
    const notLive = () => getLiveStatus() !== 'live';
    const onFocus = () => {
      if (notLive() && document.visibilityState === 'visible') {
        void refreshMissions(queryClient);
        void queryClient.invalidateQueries({ queryKey: queryKeys.voteRounds });
        void queryClient.invalidateQueries({ queryKey: screenKeys.polls });
      }
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && notLive()) void refreshMissions(queryClient);
    });
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
      unsubscribe();
    };
  }, [userId, queryClient]);

  return null;
}
