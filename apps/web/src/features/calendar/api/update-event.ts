import { calendarRoutes, type UpdateEventBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { calendarKeys } from './calendar-keys';

export const updateEvent = (body: UpdateEventBody) => callApiFull(calendarRoutes.updateEvent, { body });

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}
