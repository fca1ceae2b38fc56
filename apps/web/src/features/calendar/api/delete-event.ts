import { calendarRoutes, type CalendarEvent } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApiFull } from '../../../lib/api-client';
import { calendarKeys } from './calendar-keys';

export const deleteEvent = (id: number) => callApiFull(calendarRoutes.deleteEvent, { query: { id } });

/** Removes the event from every cached window at once; a refusal puts it back. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: deleteEvent,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: calendarKeys.all });
      const previous = queryClient.getQueriesData<CalendarEvent[]>({ queryKey: calendarKeys.all });
      queryClient.setQueriesData<CalendarEvent[]>({ queryKey: calendarKeys.all }, (events) =>
        events?.filter((event) => event.key !== `event:${id}`),
      );
      return { previous };
    },
    onSuccess: ({ message }) => notify.success(message),
    onError: (error, _id, context) => {
      context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
      notify.apiError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
