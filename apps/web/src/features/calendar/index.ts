/** What app/ may mount from the calendar feature. */
export { CalendarScreen } from './components/calendar-screen';
