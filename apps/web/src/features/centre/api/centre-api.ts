import { CENTRE_ROOM_REFRESH_MS, centreRoutes, type CentreRoomQuery, type CentreStatus, type CreatePairingCodeBody, type IssueInvigilatorCodeBody, type PairWithCentralBody, type RequestResendBody, type UnlockExamBody } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const centreKeys = {
  all: ['centre'] as const,
  list: () => [...centreKeys.all, 'list'] as const,
  localStatus: () => [...centreKeys.all, 'localStatus'] as const,
  room: (scheduleId: number) => [...centreKeys.all, 'room', scheduleId] as const,
  syncState: (centreId: number) => [...centreKeys.all, 'syncState', centreId] as const,
};

/** How often the screens look again: last contact, staging and unlocks change without anyone here. */
const REFRESH_MS = 30_000;

// ── Central server ──────────────────────────────────────────────────────────────────────────────

/** The paired centres in reach, the institutes a pairing code can be made for, and each institute's coming exams. */
export function useCentreList(enabled = true) {
  return useQuery({ queryKey: centreKeys.list(), queryFn: () => callApi(centreRoutes.list), enabled, refetchInterval: REFRESH_MS });
}

export function useCreatePairingCode() {
  return useMutation({ mutationFn: (body: CreatePairingCodeBody) => callApi(centreRoutes.createPairingCode, { body }) });
}

export function useIssueInvigilatorCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueInvigilatorCodeBody) => callApi(centreRoutes.issueInvigilatorCode, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: centreKeys.list() }),
  });
}

/** One centre's synced attempts, damaged first (for asking a damaged one again). */
export function useCentreSyncState(centreId: number | null) {
  return useQuery({
    queryKey: centreKeys.syncState(centreId ?? 0),
    queryFn: () => callApi(centreRoutes.syncState, { query: { centreId: centreId! } }),
    enabled: centreId !== null,
    refetchInterval: REFRESH_MS,
  });
}

/** Asks a centre for a fresh copy of a damaged attempt; the list and the sync view show it pending. */
export function useRequestResend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestResendBody) => callApi(centreRoutes.requestResend, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: centreKeys.all }),
  });
}

// ── Centre server ───────────────────────────────────────────────────────────────────────────────

export function useLocalStatus(enabled = true) {
  return useQuery({ queryKey: centreKeys.localStatus(), queryFn: () => callApi(centreRoutes.localStatus), enabled, refetchInterval: REFRESH_MS });
}

/** A call that answers with the centre's status puts it on screen at once. */
function useStatusMutation<B>(call: (body: B) => Promise<CentreStatus>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (status) => queryClient.setQueryData(centreKeys.localStatus(), status) });
}

export function useLocalPair() {
  return useStatusMutation((body: PairWithCentralBody) => callApi(centreRoutes.localPair, { body }));
}

export function useLocalStage() {
  return useStatusMutation(() => callApi(centreRoutes.localStage, { body: {} }));
}

export function useLocalUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnlockExamBody) => callApi(centreRoutes.localUnlock, { body }),
    onSuccess: (exam) =>
      queryClient.setQueryData<CentreStatus>(centreKeys.localStatus(), (status) =>
        status ? { ...status, exams: status.exams.map((row) => (row.scheduleId === exam.scheduleId ? exam : row)) } : status,
      ),
  });
}

/** The invigilator's dashboard of one exam; it looks again every few seconds, also in a background tab. */
export function useCentreRoom(scheduleId: number) {
  const query: CentreRoomQuery = { scheduleId };
  return useQuery({ queryKey: centreKeys.room(scheduleId), queryFn: () => callApi(centreRoutes.localRoom, { query }), refetchInterval: CENTRE_ROOM_REFRESH_MS, refetchIntervalInBackground: true });
}

/** Sends the closed attempts up now; the dashboards show the new sync state. */
export function useLocalSync() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => callApi(centreRoutes.localSync, { body: {} }), onSuccess: () => queryClient.invalidateQueries({ queryKey: centreKeys.all }) });
}

/** One call to the server's check (public): its role and clock. */
export function askServerCheck() {
  return callApi(centreRoutes.check);
}
