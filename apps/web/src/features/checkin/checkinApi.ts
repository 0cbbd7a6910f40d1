import type { ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckinKeys, CheckinQueuedScan } from '@mc/contract';
import { callRpc, RpcError } from '../../lib/rpc';
import { screenKeys } from '../../lib/screenKeys';
import { useAuth } from '../../lib/auth';

/** PostgreSQL's "insufficient privilege": the server's answer to someone who is not door staff. */
const NOT_ALLOWED = '42501';

/** The signed-in person's badge: kept on the device with the other answers, so it opens offline. */
export const myBadgeQuery = (userId: string | null) =>
  queryOptions({
    queryKey: screenKeys.myBadge(userId),
    queryFn: () => callRpc('my_badge', {}),
    enabled: userId !== null,
  });

export const replaceMyBadge = () => callRpc('replace_my_badge', {});

/**
 * What a door needs to check codes on its own (the event and the server's public keys), or null
 * for someone who is not door staff (the door's screen then says it is for door staff).
 */
export const doorKeysQuery = (userId: string | null) =>
  queryOptions({
    queryKey: screenKeys.doorKeys(userId),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<CheckinKeys | null> => {
      try {
        return await callRpc('checkin_keys', {});
      } catch (error) {
        if (error instanceof RpcError && error.code === NOT_ALLOWED) return null;
        throw error;
      }
    },
  });

/**
 * Whether the signed-in person is door staff. This only shows or hides the menu's Check-in: the
 * server checks every door call, whatever the app shows.
 */
const doorStaffStatusQuery = (userId: string | null) =>
  queryOptions({
    queryKey: screenKeys.doorStaffStatus(userId),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
    queryFn: async () => (await callRpc('get_my_door_staff_status', {})).is_door_staff,
  });

/**
 * Shows its children only to door staff (the menu's Check-in; nothing until known). For them it
 * also reads the door's keys, kept on the device with the other answers, so a door first opened
 * without a network can still check codes.
 */
export function DoorStaffOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const status = useQuery(doorStaffStatusQuery(userId));
  useQuery({ ...doorKeysQuery(userId), enabled: status.data === true });
  return status.data ? children : null;
}

export const checkinFindQuery = (term: string) =>
  queryOptions({
    queryKey: screenKeys.checkinFind(term),
    queryFn: () => callRpc('checkin_find', { p_query: term }),
    enabled: term.length > 0,
    staleTime: 10_000,
  });

export const scanCode = (door: string, scan: CheckinQueuedScan) =>
  callRpc('checkin_scan', { p_code: scan.code, p_door: door, p_scanned_at: scan.scanned_at, p_client_scan_id: scan.client_scan_id });

export const syncScans = (door: string, scans: CheckinQueuedScan[]) => callRpc('checkin_sync', { p_door: door, p_scans: scans });

export const checkInPerson = (badgeId: string, door: string, scannedAt: string, clientScanId: string) =>
  callRpc('checkin_person', { p_badge_id: badgeId, p_door: door, p_scanned_at: scannedAt, p_client_scan_id: clientScanId });

export const replacedBadgesSince = (since: string | null) => callRpc('checkin_replaced_badges', { p_since: since });
