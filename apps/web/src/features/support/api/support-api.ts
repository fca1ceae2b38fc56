import { supportClientRoutes, type CreateSupportMessageBody, type ListInboxQuery, type SupportList, type UpdateSupportMessageBody } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { AUDIT_QUERY_ROOT, supportKeys } from './support-keys';

export const createMessage = (body: CreateSupportMessageBody) => callApiFull(supportClientRoutes.create, { body });
export const listMyMessages = (): Promise<SupportList> => callApi(supportClientRoutes.listMine);
export const listInbox = (query: ListInboxQuery): Promise<SupportList> => callApi(supportClientRoutes.listInbox, { query });
export const updateMessage = (body: UpdateSupportMessageBody) => callApiFull(supportClientRoutes.update, { body });

export function useMyMessages() {
  return useQuery({ queryKey: supportKeys.mine(), queryFn: listMyMessages });
}

export function useInbox(query: ListInboxQuery) {
  return useQuery({ queryKey: supportKeys.inbox(query), queryFn: () => listInbox(query), placeholderData: keepPreviousData });
}

export function useCreateMessage() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createMessage,
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
      notify.success(message);
    },
    onError: (error) => notify.apiError(error),
  });
}

export function useUpdateMessage() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateMessage,
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
      void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_ROOT });
      notify.success(message);
    },
    onError: (error) => notify.apiError(error),
  });
}
