import { useContext, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { announcedMinutes } from '../model/countdown';
import { ClockContext } from './clock-context';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The time left, for a screen reader, at 10, 5 and 1 minutes only (a polite live region): the
 * clock itself is not live, so nothing is read every second. A mark already passed when the
 * player opened is not announced.
 */
export function TimeAnnouncer() {
  const { t } = useTranslation('exam');
  const minutes = announcedMinutes(useContext(ClockContext));
  const [minutesOnOpen] = useState(minutes);
  return (
    <span aria-live="polite" aria-atomic="true" style={VISUALLY_HIDDEN} data-testid="time-announcement">
      {minutes !== null && minutes !== minutesOnOpen ? t('minutesLeft', { count: minutes }) : ''}
    </span>
  );
}
