import type { CalendarEvent } from '@app/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate, useSearchParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { intlLocale, parseDateValue, toDateValue } from '../../../lib/date-time';
import { useCalendarEvents, useCreateEvent, useDeleteEvent, useUpdateEvent } from '../api/calendar-api';
import {
  CALENDAR_MODES,
  SOURCE_COLORS,
  shiftAnchor,
  startOfDay,
  viewDays,
  visibleRange,
  type CalendarMode,
} from '../model/calendar-grid';
import { eventFormToBody, eventToForm, newEventForm, type EventFormValues } from '../model/event-form';
import { EventDialog } from './event-dialog';
import { MonthView } from './month-view';
import { TimeGridView } from './time-grid-view';

type Editing =
  | { kind: 'new'; values: EventFormValues }
  | { kind: 'event'; event: CalendarEvent }
  | { kind: 'readOnly'; event: CalendarEvent };

/** The calendar (/calender): month, week and day views; the view and date live in the URL. */
export function CalendarScreen() {
  const { t, i18n } = useTranslation('calendar');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const modeParam = searchParams.get('view');
  const mode: CalendarMode = CALENDAR_MODES.includes(modeParam as CalendarMode) ? (modeParam as CalendarMode) : 'month';
  const dateParam = searchParams.get('date');
  const anchor =
    dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? parseDateValue(dateParam) : startOfDay(new Date());
  const today = startOfDay(new Date());
  const range = visibleRange(mode, anchor);
  const events = useCalendarEvents(range.from, range.to);
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const deleteEvent = useDeleteEvent();
  const [editing, setEditing] = useState<Editing | null>(null);
  const locale = intlLocale(i18n.language);

  const go = (nextMode: CalendarMode, nextAnchor: Date) =>
    setSearchParams({ view: nextMode, date: toDateValue(nextAnchor) });
  const title =
    mode === 'month'
      ? anchor.toLocaleDateString(locale, { month: 'long', year: 'numeric' })
      : mode === 'day'
        ? anchor.toLocaleDateString(locale, { dateStyle: 'full' })
        : (() => {
            const days = viewDays('week', anchor);
            return `${days[0]!.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} – ${days[6]!.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' })}`;
          })();
  const list = events.data ?? [];
  const handleOpen = (event: CalendarEvent) =>
    setEditing(event.readOnly ? { kind: 'readOnly', event } : { kind: 'event', event });
  const handleCreateAt = (start: Date, allDay: boolean) =>
    setEditing({ kind: 'new', values: newEventForm(start, allDay) });
  const close = () => setEditing(null);

  return (
    <PageCard
      title={t('title')}
      toolbar={
        <Button
          variant="contained"
          data-testid="new-event"
          onClick={() =>
            handleCreateAt(
              new Date(today.getFullYear(), today.getMonth(), today.getDate(), new Date().getHours() + 1),
              false,
            )
          }
        >
          {t('newEvent')}
        </Button>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} alignItems={{ sm: 'center' }} spacing={1} sx={{ mb: 2 }}>
        <Stack direction="row" alignItems="center" spacing={0.5}>
          <Button variant="outlined" size="small" onClick={() => go(mode, today)}>
            {t('today')}
          </Button>
          <IconButton aria-label={t('previous')} onClick={() => go(mode, shiftAnchor(mode, anchor, -1))}>
            <ChevronLeftIcon />
          </IconButton>
          <IconButton aria-label={t('next')} onClick={() => go(mode, shiftAnchor(mode, anchor, 1))}>
            <ChevronRightIcon />
          </IconButton>
          <Typography variant="h6" component="h2" data-testid="calendar-title">
            {title}
          </Typography>
        </Stack>
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_event, value: CalendarMode | null) => value && go(value, anchor)}
          aria-label={t('title')}
        >
          {CALENDAR_MODES.map((value) => (
            <ToggleButton key={value} value={value}>
              {t(`mode.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2} sx={{ mb: 1 }}>
        {(Object.keys(SOURCE_COLORS) as (keyof typeof SOURCE_COLORS)[]).map((source) => (
          <Stack key={source} direction="row" alignItems="center" spacing={0.5}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: SOURCE_COLORS[source] }} />
            <Typography variant="caption">{t(`source.${source}`)}</Typography>
          </Stack>
        ))}
      </Stack>
      {events.isFetching && <LinearProgress aria-label={t('common:loading')} sx={{ mb: 1 }} />}
      {events.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {mode === 'month' ? (
        <MonthView
          anchor={anchor}
          today={today}
          events={list}
          onCreateAt={(day, allDay) => handleCreateAt(day, allDay)}
          onOpen={handleOpen}
          onShowDay={(day) => go('day', day)}
        />
      ) : (
        <TimeGridView
          days={viewDays(mode, anchor)}
          today={today}
          events={list}
          onCreateAt={handleCreateAt}
          onOpen={handleOpen}
        />
      )}
      {editing && editing.kind !== 'readOnly' && (
        <EventDialog
          key={editing.kind === 'event' ? editing.event.key : 'new'}
          isOpen
          isNew={editing.kind === 'new'}
          defaultValues={editing.kind === 'new' ? editing.values : eventToForm(editing.event)}
          isSaving={createEvent.isPending || updateEvent.isPending}
          onClose={close}
          onDelete={() => editing.kind === 'event' && deleteEvent.mutate(editing.event.id, { onSuccess: close })}
          onSave={(values) => {
            const body = eventFormToBody(values);
            if (editing.kind === 'new') createEvent.mutate(body, { onSuccess: close });
            else updateEvent.mutate({ id: editing.event.id, ...body }, { onSuccess: close });
          }}
        />
      )}
      <Dialog open={editing?.kind === 'readOnly'} onClose={close} maxWidth="xs" fullWidth>
        {editing?.kind === 'readOnly' && (
          <>
            <DialogTitle>{editing.event.title}</DialogTitle>
            <DialogContent>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {editing.event.allDay
                  ? new Date(editing.event.start).toLocaleDateString(locale, { dateStyle: 'full' })
                  : new Date(editing.event.start).toLocaleString(locale, { dateStyle: 'full', timeStyle: 'short' })}
              </Typography>
              {editing.event.description && (
                <Typography sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>{editing.event.description}</Typography>
              )}
              <Alert severity="info">{t('readOnly', { source: t(`source.${editing.event.source}`) })}</Alert>
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{t('cancel')}</Button>
              {editing.event.route && (
                <Button variant="contained" onClick={() => void navigate(editing.event.route!)}>
                  {t('open')}
                </Button>
              )}
            </DialogActions>
          </>
        )}
      </Dialog>
    </PageCard>
  );
}
