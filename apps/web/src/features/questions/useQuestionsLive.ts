import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_SOCKET_PATH, type LiveServerMessage } from '@mc/contract/live.ts';
import { questionsTopic, type QuestionsLiveEvent } from '@mc/contract/questions.ts';
import { isReachable, subscribeReachability } from '../../lib/network';
import { screenKeys } from '../../lib/screenKeys';
import { supabase } from '../../lib/supabase';
import { applyQuestionsEvent } from './questionsApi';

/** Waits before reconnecting, by attempt: quick at first, then every 15 seconds. */
const RETRY_MS = [1_000, 3_000, 7_000, 15_000];

/**
 * Follows one part's live topic (`questions:{part}`) while a screen shows its questions: a socket of
 * its own beside the app's (which follows the topics every screen needs), opened with the person's
 * access token, reconnecting after a break and reading the part afresh once subscribed, so nothing
 * said during the break is missed. Answers whether the part is live now.
 */
export function useQuestionsLive(partId: string | null): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!partId) return undefined;
    const part = partId;
    const topic = questionsTopic(part);
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const retry = () => {
      setLive(false);
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(connect, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      attempt += 1;
    };
    function connect() {
      if (stopped || !isReachable()) return;
      const current = new WebSocket(`${window.location.origin.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`);
      socket = current;
      current.onopen = () => {
        void supabase.auth.getSession().then(({ data }) => {
          const token = data.session?.access_token;
          if (current !== socket) return;
          if (!token) return current.close(1000, 'signed out');
          current.send(JSON.stringify({ type: 'auth', token }));
        });
      };
      current.onmessage = (event: MessageEvent<string>) => {
        let message: LiveServerMessage;
        try {
          message = JSON.parse(event.data) as LiveServerMessage;
        } catch {
          return;
        }
        if (message.type === 'ready') current.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
        else if (message.type === 'subscribed') {
          attempt = 0;
          setLive(true);
          void queryClient.invalidateQueries({ queryKey: screenKeys.partQuestionsOfPart(part) });
        } else if (message.type === 'resync') void queryClient.invalidateQueries({ queryKey: screenKeys.partQuestionsOfPart(part) });
        else if (message.type === 'event' && message.topic === topic) applyQuestionsEvent(queryClient, message.data as QuestionsLiveEvent);
      };
      current.onclose = () => {
        if (current === socket) retry();
      };
    }
    const stopFollowing = subscribeReachability(() => {
      if (isReachable() && (!socket || socket.readyState === WebSocket.CLOSED)) connect();
      if (!isReachable()) setLive(false);
    });
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopFollowing();
      const closing = socket;
      socket = null;
      closing?.close(1000, 'left the screen');
    };
  }, [partId, queryClient]);
  return live;
}
