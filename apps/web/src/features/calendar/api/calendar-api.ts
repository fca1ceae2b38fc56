import { calendarRoutes, type CalendarEvent, type CreateEventBody, type UpdateEventBody } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../../hooks/use-notify';
import { callApi, callApiFull } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/date-time';
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

/** Entries overlapping [from, to): own events plus to-do due dates, note reminders and tests. */
export const listEvents = (from: string, to: string): Promise<CalendarEvent[]> =>
  callApi(calendarRoutes.listEvents, { query: { from, to, tz: browserTimeZone() } });

export function useCalendarEvents(from: Date, to: Date) {
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  return useQuery({
    queryKey: calendarKeys.events(fromIso, toIso),
    queryFn: () => listEvents(fromIso, toIso),
    placeholderData: keepPreviousData,
  });
}

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
