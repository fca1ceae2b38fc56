import type { CalendarEvent } from '@app/contracts';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from '../../../lib/translation';
import { intlLocale } from '../../../lib/date-time';
import { entryColor, readableOn, readableTextOn, spansDays } from '../model/calendar-grid';

/** One entry as a coloured bar: own events solid, read-only reflections outlined. */
export function CalendarEntry({
  event,
  onOpen,
  isCompact = true,
}: {
  event: CalendarEvent;
  onOpen: (event: CalendarEvent) => void;
  isCompact?: boolean;
}) {
  const { i18n } = useTranslation('calendar');
  const color = entryColor(event);
  const locale = intlLocale(i18n.language);
  const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const dayAndClock = { weekday: 'short', day: 'numeric', month: 'short', ...clock } as const;
  // A window of several days says when it opens and closes; a timed entry, when it starts.
  const time = event.allDay
    ? ''
    : spansDays(event)
      ? `${new Date(event.start).toLocaleString(locale, dayAndClock)} – ${new Date(event.end).toLocaleString(locale, dayAndClock)}`
      : new Date(event.start).toLocaleTimeString(locale, clock);
  return (
    <ButtonBase
      data-testid="calendar-entry"
      data-source={event.source}
      onClick={(clickEvent) => {
        clickEvent.stopPropagation();
        onOpen(event);
      }}
      title={event.title}
      sx={{
        width: '100%',
        height: isCompact ? undefined : '100%',
        justifyContent: 'flex-start',
        alignItems: 'flex-start',
        textAlign: 'left',
        px: 0.75,
        py: 0.25,
        mb: 0.25,
        borderRadius: 1,
        fontSize: 12,
        lineHeight: 1.4,
        overflow: 'hidden',
        whiteSpace: isCompact ? 'nowrap' : 'normal',
        textOverflow: 'ellipsis',
        display: 'block',
        bgcolor: event.readOnly ? 'background.paper' : color,
        // Text that reads on the entry's own colour, whichever colour the student picked (WCAG 1.4.3).
        color: event.readOnly ? readableOn('#ffffff', color) : readableTextOn(color),
        border: 1,
        borderColor: color,
        borderLeftWidth: event.readOnly ? 4 : 1,
      }}
    >
      {time && <strong>{time} </strong>}
      {event.title}
    </ButtonBase>
  );
}
