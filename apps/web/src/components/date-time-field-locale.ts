import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import type { DateValidationError, DateTimeValidationError } from '@mui/x-date-pickers/models';

type Texts = Partial<PickersLocaleText>;
type View = 'year' | 'month' | 'day' | 'hours' | 'minutes' | 'seconds' | 'meridiem' | string;

const taView = (view: View) =>
  ({ year: 'ஆண்டு', month: 'மாதம்', day: 'நாள்', hours: 'மணி', minutes: 'நிமிடம்', seconds: 'விநாடி', meridiem: 'பொழுது' })[view] ?? view;

/**
 * The pickers' own texts in Tamil (MUI X ships no Tamil locale). Section placeholders are Tamil
 * words, so an empty field reads "நாள்/மாதம்/ஆண்டு", never "DD/MM/YYYY".
 */
const taTexts: Texts = {
  previousMonth: 'முந்தைய மாதம்',
  nextMonth: 'அடுத்த மாதம்',
  openPreviousView: 'முந்தைய காட்சியைத் திற',
  openNextView: 'அடுத்த காட்சியைத் திற',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === 'year' ? 'ஆண்டுக் காட்சி திறந்துள்ளது, நாள்காட்டிக்கு மாறவும்' : 'நாள்காட்டி திறந்துள்ளது, ஆண்டுக் காட்சிக்கு மாறவும்',
  start: 'தொடக்கம்',
  end: 'முடிவு',
  startDate: 'தொடக்கத் தேதி',
  startTime: 'தொடக்க நேரம்',
  endDate: 'முடிவுத் தேதி',
  endTime: 'முடிவு நேரம்',
  cancelButtonLabel: 'ரத்து செய்',
  clearButtonLabel: 'அழி',
  okButtonLabel: 'சரி',
  todayButtonLabel: 'இன்று',
  nextStepButtonLabel: 'அடுத்து',
  datePickerToolbarTitle: 'தேதியைத் தேர்ந்தெடுக்கவும்',
  dateTimePickerToolbarTitle: 'தேதியையும் நேரத்தையும் தேர்ந்தெடுக்கவும்',
  timePickerToolbarTitle: 'நேரத்தைத் தேர்ந்தெடுக்கவும்',
  dateRangePickerToolbarTitle: 'தேதி வரம்பைத் தேர்ந்தெடுக்கவும்',
  timeRangePickerToolbarTitle: 'நேர வரம்பைத் தேர்ந்தெடுக்கவும்',
  clockLabelText: (view, formattedTime) =>
    `${taView(view)} தேர்ந்தெடுக்கவும். ${formattedTime ? `தேர்ந்தெடுத்த நேரம் ${formattedTime}` : 'நேரம் தேர்ந்தெடுக்கப்படவில்லை'}`,
  hoursClockNumberText: (hours) => `${hours} மணி`,
  minutesClockNumberText: (minutes) => `${minutes} நிமிடம்`,
  secondsClockNumberText: (seconds) => `${seconds} விநாடி`,
  selectViewText: (view) => `${taView(view)} தேர்ந்தெடுக்கவும்`,
  calendarWeekNumberHeaderLabel: 'வார எண்',
  calendarWeekNumberHeaderText: '#',
  calendarWeekNumberAriaLabelText: (weekNumber) => `வாரம் ${weekNumber}`,
  calendarWeekNumberText: (weekNumber) => `${weekNumber}`,
  openDatePickerDialogue: (formattedDate) => (formattedDate ? `தேதியைத் தேர்ந்தெடுக்கவும், இப்போது ${formattedDate}` : 'தேதியைத் தேர்ந்தெடுக்கவும்'),
  openTimePickerDialogue: (formattedTime) => (formattedTime ? `நேரத்தைத் தேர்ந்தெடுக்கவும், இப்போது ${formattedTime}` : 'நேரத்தைத் தேர்ந்தெடுக்கவும்'),
  openRangePickerDialogue: (formattedRange) => (formattedRange ? `வரம்பைத் தேர்ந்தெடுக்கவும், இப்போது ${formattedRange}` : 'வரம்பைத் தேர்ந்தெடுக்கவும்'),
  fieldClearLabel: 'அழி',
  timeTableLabel: 'நேரத்தைத் தேர்ந்தெடு',
  dateTableLabel: 'தேதியைத் தேர்ந்தெடு',
  fieldYearPlaceholder: () => 'ஆண்டு',
  fieldMonthPlaceholder: () => 'மாதம்',
  fieldDayPlaceholder: () => 'நாள்',
  fieldWeekDayPlaceholder: () => 'கிழமை',
  fieldHoursPlaceholder: () => 'மணி',
  fieldMinutesPlaceholder: () => 'நிமி',
  fieldSecondsPlaceholder: () => 'விநா',
  fieldMeridiemPlaceholder: () => 'பொழுது',
  year: 'ஆண்டு',
  month: 'மாதம்',
  day: 'நாள்',
  weekDay: 'கிழமை',
  hours: 'மணி',
  minutes: 'நிமிடம்',
  seconds: 'விநாடி',
  meridiem: 'பொழுது',
  empty: 'காலி',
};

/** English keeps MUI's own texts (its default), with day-first placeholders. */
const enTexts: Texts = {
  fieldDayPlaceholder: () => 'DD',
  fieldMonthPlaceholder: () => 'MM',
  fieldYearPlaceholder: () => 'YYYY',
  fieldHoursPlaceholder: () => 'hh',
  fieldMinutesPlaceholder: () => 'mm',
};

/** The pickers' texts for the interface language ('tn' is Tamil). */
export function pickerTexts(language: string): Texts {
  return language === 'tn' ? taTexts : enTexts;
}

type Reason = NonNullable<DateValidationError | DateTimeValidationError>;

const messages = {
  en: { invalid: 'Enter a complete date.', early: 'This date is too early.', late: 'This date is too late.' },
  tn: { invalid: 'முழுமையான தேதியை உள்ளிடவும்.', early: 'இந்தத் தேதி மிக முந்தியது.', late: 'இந்தத் தேதி மிகப் பிந்தியது.' },
} as const;

/** The helper text for a picker's own validation error. */
export function pickerErrorText(reason: Reason, language: string): string {
  const m = language === 'tn' ? messages.tn : messages.en;
  if (reason === 'minDate' || reason === 'minTime' || reason === 'disablePast') return m.early;
  if (reason === 'maxDate' || reason === 'maxTime' || reason === 'disableFuture') return m.late;
  return m.invalid;
}
