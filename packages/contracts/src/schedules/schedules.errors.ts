import { defineErrors } from '../common/errors.js';

/** Schedules: course mappings, test windows and topic openings (codes are stable; messages in both languages). */
export const SCHEDULES_ERRORS = defineErrors({
  SCHEDULES_NOT_FOUND: { http: 404, message: { en: 'This schedule entry does not exist.', tn: 'இந்த அட்டவணைப் பதிவு இல்லை.' } },
  SCHEDULES_TARGET_NOT_FOUND: {
    http: 404,
    message: { en: 'This institute, class or section does not exist.', tn: 'இந்த நிறுவனம், வகுப்பு அல்லது பிரிவு இல்லை.' },
  },
  SCHEDULES_COURSE_NOT_FOUND: { http: 404, message: { en: 'This course, topic or test does not exist.', tn: 'இந்தப் பாடம், தலைப்பு அல்லது தேர்வு இல்லை.' } },
  SCHEDULES_DUPLICATE: {
    http: 409,
    message: { en: 'This entry already exists for the same class and section.', tn: 'இதே வகுப்பு மற்றும் பிரிவுக்கு இந்தப் பதிவு ஏற்கனவே உள்ளது.' },
  },
  SCHEDULES_TOPIC_LOCKED: {
    http: 423,
    message: { en: 'This topic is not open yet. Please check the course schedule.', tn: 'இந்தத் தலைப்பு இன்னும் திறக்கப்படவில்லை. பாட அட்டவணையைப் பார்க்கவும்.' },
  },
});
