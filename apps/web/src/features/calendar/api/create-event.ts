import { calendarRoutes, type CreateEventBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { calendarKeys } from './calendar-keys';

export const createEvent = (body: CreateEventBody) => callApiFull(calendarRoutes.createEvent, { body });

export function useCreateEvent() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: ({ message }) => {
      notify.success(message);
      return queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    },
    onError: (error) => notify.apiError(error),
  });
}
