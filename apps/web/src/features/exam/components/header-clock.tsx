import { useContext } from 'react';
import { formatCountdown } from '../model/countdown';
import { ClockContext } from './clock-context';

/** The time shown in the header: the one part of the screen that changes every second. */
export function HeaderClock() {
  return <>{formatCountdown(useContext(ClockContext))}</>;
}
