import { defineErrors } from '../common/errors.js';

/** Exam errors the player reacts to (codes are stable; messages in both languages). */
export const EXAM_ERRORS = defineErrors({
  EXAM_TASK_NOT_FOUND: { http: 404, message: { en: 'This test does not exist.', tn: 'இந்தத் தேர்வு இல்லை.' } },
  EXAM_ATTEMPT_NOT_FOUND: { http: 404, message: { en: 'This test session does not exist.', tn: 'இந்தத் தேர்வு அமர்வு இல்லை.' } },
  EXAM_CONTENT_NOT_FOUND: { http: 404, message: { en: 'This test content does not exist.', tn: 'இந்தத் தேர்வு உள்ளடக்கம் இல்லை.' } },
  EXAM_NOT_A_TEST: { http: 422, message: { en: 'This task is not a test.', tn: 'இந்தப் பணி ஒரு தேர்வு அல்ல.' } },
  EXAM_NO_QUESTIONS: { http: 422, message: { en: 'This test has no questions yet.', tn: 'இந்தத் தேர்வில் இன்னும் கேள்விகள் இல்லை.' } },
  EXAM_NOT_OPEN_YET: {
    http: 422,
    message: { en: 'This test is not open yet. Please start it when its window opens.', tn: 'இந்தத் தேர்வு இன்னும் திறக்கப்படவில்லை. அதன் நேரம் தொடங்கியதும் தொடங்கவும்.' },
  },
  EXAM_WINDOW_CLOSED: {
    http: 422,
    message: { en: 'This test’s window has closed. It can no longer be started.', tn: 'இந்தத் தேர்வுக்கான நேரம் முடிந்துவிட்டது. இனி அதைத் தொடங்க முடியாது.' },
  },
  EXAM_LATE_START_PASSED: {
    http: 422,
    message: { en: 'The last time to start this test has passed.', tn: 'இந்தத் தேர்வைத் தொடங்குவதற்கான கடைசி நேரம் கடந்துவிட்டது.' },
  },
  EXAM_ALREADY_SUBMITTED: {
    http: 409,
    message: { en: 'This test has already been submitted. Your answer was not saved.', tn: 'இந்தத் தேர்வு ஏற்கனவே சமர்ப்பிக்கப்பட்டது. உங்கள் பதில் சேமிக்கப்படவில்லை.' },
  },
  EXAM_TIME_OVER: {
    http: 422,
    message: { en: 'Time is over for this test. Your answer was not saved.', tn: 'இந்தத் தேர்வுக்கான நேரம் முடிந்தது. உங்கள் பதில் சேமிக்கப்படவில்லை.' },
  },
  EXAM_SECTION_CLOSED: {
    http: 422,
    message: { en: 'This section is closed. Your answer was not saved.', tn: 'இந்தப் பிரிவு மூடப்பட்டது. உங்கள் பதில் சேமிக்கப்படவில்லை.' },
  },
  EXAM_QUESTION_NOT_IN_TEST: {
    http: 400,
    message: { en: 'This question is not part of the test.', tn: 'இந்தக் கேள்வி இந்தத் தேர்வின் பகுதி அல்ல.' },
  },
  EXAM_QUESTION_TYPE_MISMATCH: {
    http: 400,
    message: { en: 'The answer does not fit this kind of question.', tn: 'இந்த வகைக் கேள்விக்கு இந்தப் பதில் பொருந்தவில்லை.' },
  },
  EXAM_ANSWER_REVEALED: {
    http: 409,
    message: { en: 'The answer was already shown; it cannot be changed.', tn: 'பதில் ஏற்கனவே காட்டப்பட்டது; அதை மாற்ற முடியாது.' },
  },
  EXAM_ATTEMPTS_USED: {
    http: 409,
    message: {
      en: 'You have already taken this test. It allows one attempt.',
      tn: 'இந்தத் தேர்வை நீங்கள் ஏற்கனவே எழுதிவிட்டீர்கள். ஒரு முயற்சி மட்டுமே அனுமதிக்கப்படும்.',
    },
  },
  EXAM_ANOTHER_TEST_IN_PROGRESS: {
    http: 409,
    message: {
      en: 'You have another test in progress. Finish or submit it before starting this one.',
      tn: 'உங்களுக்கு வேறொரு தேர்வு நடந்துகொண்டிருக்கிறது. இதைத் தொடங்கும் முன் அதை முடிக்கவும் அல்லது சமர்ப்பிக்கவும்.',
    },
  },
  EXAM_REVEAL_NOT_ALLOWED: {
    http: 403,
    message: { en: 'Answers are shown only in practice, or after the test is submitted.', tn: 'பதில்கள் பயிற்சியில் மட்டுமே, அல்லது தேர்வு சமர்ப்பித்த பின் காட்டப்படும்.' },
  },
  EXAM_NOT_SUBMITTED: {
    http: 409,
    message: { en: 'The report is ready once the test is submitted.', tn: 'தேர்வு சமர்ப்பித்த பின் அறிக்கை தயாராகும்.' },
  },
  EXAM_SECTION_NOT_ACTIVE: {
    http: 409,
    message: { en: 'Only the active section can be finished.', tn: 'செயலில் உள்ள பிரிவை மட்டுமே முடிக்க முடியும்.' },
  },
  EXAM_NOT_COMPREHENSIVE: {
    http: 422,
    message: { en: 'Only written (comprehensive) answers are marked by hand.', tn: 'எழுத்து (விரிவான) பதில்கள் மட்டுமே கையால் மதிப்பிடப்படும்.' },
  },
  EXAM_MARKS_TOO_HIGH: {
    http: 422,
    message: { en: 'The mark is higher than the question’s marks.', tn: 'மதிப்பெண் கேள்வியின் மதிப்பெண்ணை விட அதிகம்.' },
  },
  EXAM_NOT_OPEN: {
    http: 409,
    message: { en: 'This attempt is no longer running. Reopen it to give more time.', tn: 'இந்த முயற்சி இப்போது நடைபெறவில்லை. கூடுதல் நேரம் தர அதை மீண்டும் திறக்கவும்.' },
  },
  EXAM_ANOTHER_ATTEMPT_OPEN: {
    http: 409,
    message: { en: 'The student already has a running attempt of this test.', tn: 'மாணவருக்கு இந்தத் தேர்வின் ஒரு முயற்சி ஏற்கனவே நடைபெறுகிறது.' },
  },
  EXAM_PHOTO_INVALID: {
    http: 422,
    message: { en: 'The camera frame is not a JPEG picture.', tn: 'கேமரா படம் JPEG படம் அல்ல.' },
  },
  EXAM_CAMERA_OFF: {
    http: 422,
    message: { en: 'Camera monitoring is off for this test.', tn: 'இந்தத் தேர்வுக்குக் கேமரா கண்காணிப்பு முடக்கப்பட்டுள்ளது.' },
  },
  EXAM_NOT_PROGRAMMING: {
    http: 422,
    message: { en: 'This question is not a programming question.', tn: 'இது நிரலாக்கக் கேள்வி அல்ல.' },
  },
});
