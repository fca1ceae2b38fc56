import type { CalendarEvent } from '@app/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../lib/translation';
import { intlLocale, toDateValue } from '../../../lib/date-time';
import { eventsOnDay, isSameDay, monthGrid } from '../model/calendar-grid';
import { CalendarEntry } from './calendar-entry';

const MAX_SHOWN = 3;

/** The month as a CSS grid of whole weeks; clicking a day starts a new event there. */
export function MonthView({
  anchor,
  today,
  events,
  onCreateAt,
  onOpen,
  onShowDay,
}: {
  anchor: Date;
  today: Date;
  events: CalendarEvent[];
  onCreateAt: (start: Date, allDay: boolean) => void;
  onOpen: (event: CalendarEvent) => void;
  onShowDay: (day: Date) => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const weeks = monthGrid(anchor);
  const weekdayFormat = new Intl.DateTimeFormat(intlLocale(i18n.language), { weekday: 'short' });
  return (
    <Box
      role="grid"
      aria-label={anchor.toLocaleDateString(intlLocale(i18n.language), { month: 'long', year: 'numeric' })}
    >
      <Box role="row" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
        {weeks[0]!.map((day) => (
          <Typography
            role="columnheader"
            key={day.getDay()}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: 'center', py: 0.5, fontWeight: 600 }}
          >
            {weekdayFormat.format(day)}
          </Typography>
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateRows: `repeat(${weeks.length}, minmax(110px, 1fr))`,
          borderTop: 1,
          borderLeft: 1,
          borderColor: 'divider',
        }}
      >
        {weeks.map((week) => (
          <Box
            role="row"
            key={toDateValue(week[0]!)}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}
          >
            {week.map((day) => {
              const dayEvents = eventsOnDay(events, day);
              const isOtherMonth = day.getMonth() !== anchor.getMonth();
              const isToday = isSameDay(day, today);
              return (
                <Box
                  role="gridcell"
                  key={toDateValue(day)}
                  data-date={toDateValue(day)}
                  onClick={() => onCreateAt(day, true)}
                  sx={{
                    borderRight: 1,
                    borderBottom: 1,
                    borderColor: 'divider',
                    p: 0.5,
                    minWidth: 0,
                    cursor: 'pointer',
                    bgcolor: isOtherMonth ? 'action.hover' : 'background.paper',
                  }}
                >
                  <ButtonBase
                    onClick={(event) => {
                      event.stopPropagation();
                      onShowDay(day);
                    }}
                    aria-label={day.toLocaleDateString(intlLocale(i18n.language), { dateStyle: 'full' })}
                    sx={{
                      width: 26,
                      height: 26,
                      borderRadius: '50%',
                      fontSize: 13,
                      mb: 0.25,
                      bgcolor: isToday ? 'primary.main' : 'transparent',
                      // Days of the months around stay readable (AA contrast on the shaded cell): they are buttons too.
                      color: isToday ? 'primary.contrastText' : isOtherMonth ? 'text.secondary' : 'text.primary',
                    }}
                  >
                    {day.getDate()}
                  </ButtonBase>
                  {dayEvents.slice(0, MAX_SHOWN).map((event) => (
                    <CalendarEntry key={event.key} event={event} onOpen={onOpen} />
                  ))}
                  {dayEvents.length > MAX_SHOWN && (
                    <ButtonBase
                      onClick={(event) => {
                        event.stopPropagation();
                        onShowDay(day);
                      }}
                      sx={{ fontSize: 12, px: 0.75, color: 'text.secondary' }}
                    >
                      {t('more', { count: dayEvents.length - MAX_SHOWN })}
                    </ButtonBase>
                  )}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
