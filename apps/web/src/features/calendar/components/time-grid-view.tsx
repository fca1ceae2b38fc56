import type { CalendarEvent } from '@app/contracts';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/translation';
import { intlLocale, toDateValue } from '../../../lib/date-time';
import { dayPlacement, eventsOnDay, isSameDay, spansDays } from '../model/calendar-grid';
import { CalendarEntry } from './calendar-entry';

const HOUR_PX = 48;
const DAY_PX = HOUR_PX * 24;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Lanes for overlapping timed entries: each entry takes the first lane free at its start. */
function laneOf(events: CalendarEvent[]): { lanes: Map<string, number>; count: number } {
  const lanes = new Map<string, number>();
  const laneEnds: number[] = [];
  for (const event of [...events].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const start = Date.parse(event.start);
    const end = Math.max(Date.parse(event.end), start + 30 * 60_000);
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    lanes.set(event.key, lane);
  }
  return { lanes, count: Math.max(laneEnds.length, 1) };
}

/** Week and day views: all-day row on top, then 24 hour rows; clicking a slot starts an event at that hour. */
export function TimeGridView({
  days,
  today,
  events,
  onCreateAt,
  onOpen,
}: {
  days: Date[];
  today: Date;
  events: CalendarEvent[];
  onCreateAt: (start: Date, allDay: boolean) => void;
  onOpen: (event: CalendarEvent) => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const locale = intlLocale(i18n.language);
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = `56px repeat(${days.length}, minmax(0, 1fr))`;

  useEffect(() => {
    // Open on the working day rather than at midnight.
    if (scrollRef.current) scrollRef.current.scrollTop = HOUR_PX * 7.5;
  }, []);

  return (
    <Box role="grid" sx={{ border: 1, borderColor: 'divider' }}>
      <Box role="row" sx={{ display: 'grid', gridTemplateColumns: columns, borderBottom: 1, borderColor: 'divider' }}>
        <Box />
        {days.map((day) => (
          <Box
            role="columnheader"
            key={toDateValue(day)}
            sx={{ textAlign: 'center', py: 0.5, borderLeft: 1, borderColor: 'divider' }}
          >
            <Typography variant="caption" color="text.secondary">
              {day.toLocaleDateString(locale, { weekday: 'short' })}
            </Typography>
            {/* Sized like a heading, but not one: the date belongs to its column header. */}
            <Typography
              variant="h6"
              component="span"
              sx={{
                display: 'block',
                lineHeight: 1.2,
                color: isSameDay(day, today) ? 'primary.main' : 'text.primary',
                fontWeight: isSameDay(day, today) ? 700 : 400,
              }}
            >
              {day.getDate()}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box
        role="row"
        sx={{ display: 'grid', gridTemplateColumns: columns, borderBottom: 1, borderColor: 'divider', minHeight: 32 }}
      >
        <Typography variant="caption" color="text.secondary" sx={{ p: 0.5, fontSize: 10 }}>
          {t('allDayRow')}
        </Typography>
        {days.map((day) => (
          <Box
            role="gridcell"
            key={toDateValue(day)}
            onClick={() => onCreateAt(day, true)}
            sx={{ borderLeft: 1, borderColor: 'divider', p: 0.25, cursor: 'pointer' }}
          >
            {eventsOnDay(events, day)
              .filter((event) => event.allDay || spansDays(event))
              .map((event) => (
                <CalendarEntry key={event.key} event={event} onOpen={onOpen} />
              ))}
          </Box>
        ))}
      </Box>
      <Box ref={scrollRef} sx={{ maxHeight: 600, overflowY: 'auto' }}>
        {/* The hours of every day form one row of the grid: each day's column is a cell of it. */}
        <Box role="row" sx={{ display: 'grid', gridTemplateColumns: columns, height: DAY_PX }}>
          <Box sx={{ position: 'relative' }}>
            {HOURS.map((hour) => (
              <Typography
                key={hour}
                variant="caption"
                color="text.secondary"
                sx={{ position: 'absolute', top: hour * HOUR_PX - 8, right: 6, fontSize: 11 }}
              >
                {hour === 0 ? '' : `${String(hour).padStart(2, '0')}:00`}
              </Typography>
            ))}
          </Box>
          {days.map((day) => {
            const timed = eventsOnDay(events, day).filter((event) => !event.allDay && !spansDays(event));
            const { lanes, count } = laneOf(timed);
            return (
              <Box
                role="gridcell"
                key={toDateValue(day)}
                data-date={toDateValue(day)}
                sx={{
                  position: 'relative',
                  borderLeft: 1,
                  borderColor: 'divider',
                  backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, rgba(0,0,0,0.08) ${HOUR_PX - 1}px, rgba(0,0,0,0.08) ${HOUR_PX}px)`,
                  bgcolor: isSameDay(day, today) ? 'rgba(30,58,138,0.04)' : 'transparent',
                }}
              >
                {HOURS.map((hour) => (
                  <ButtonBase
                    key={hour}
                    aria-label={`${day.toLocaleDateString(locale, { dateStyle: 'medium' })} ${String(hour).padStart(2, '0')}:00`}
                    onClick={() => onCreateAt(new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour), false)}
                    sx={{ position: 'absolute', left: 0, right: 0, top: hour * HOUR_PX, height: HOUR_PX }}
                  />
                ))}
                {timed.map((event) => {
                  const { top, height } = dayPlacement(event, day);
                  const lane = lanes.get(event.key) ?? 0;
                  return (
                    <Box
                      key={event.key}
                      sx={{
                        position: 'absolute',
                        top: top * DAY_PX,
                        height: height * DAY_PX,
                        left: `calc(${(lane / count) * 100}% + 2px)`,
                        width: `calc(${100 / count}% - 4px)`,
                        zIndex: 1,
                      }}
                    >
                      <CalendarEntry event={event} onOpen={onOpen} isCompact={false} />
                    </Box>
                  );
                })}
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
}
