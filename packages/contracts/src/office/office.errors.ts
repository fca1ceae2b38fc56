import { defineErrors } from '../common/errors.js';

/** Office questions: their files and their evaluation (codes are stable; messages in both languages). */
export const OFFICE_ERRORS = defineErrors({
  OFFICE_QUESTION_NOT_OFFICE: {
    http: 422,
    message: { en: 'This is not a spreadsheet, document or presentation question.', tn: 'இது விரிதாள், ஆவணம் அல்லது விளக்கக்காட்சிக் கேள்வி அல்ல.' },
  },
  OFFICE_TYPE_MISMATCH: {
    http: 400,
    message: { en: 'The office type does not match this question.', tn: 'அலுவலகக் கோப்பு வகை இந்தக் கேள்வியுடன் பொருந்தவில்லை.' },
  },
  OFFICE_QUESTION_NOT_READY: {
    http: 422,
    message: { en: 'This question has no start or solution file yet. Please tell your teacher.', tn: 'இந்தக் கேள்விக்கு இன்னும் தொடக்க அல்லது தீர்வுக் கோப்பு இல்லை. உங்கள் ஆசிரியரிடம் தெரிவிக்கவும்.' },
  },
  OFFICE_FILE_NOT_FOUND: { http: 404, message: { en: 'This file does not exist.', tn: 'இந்தக் கோப்பு இல்லை.' } },
  OFFICE_RUN_NOT_FOUND: { http: 404, message: { en: 'This evaluation does not exist.', tn: 'இந்த மதிப்பீடு இல்லை.' } },
  OFFICE_FILE_REQUIRED: { http: 400, message: { en: 'Choose the file to upload.', tn: 'பதிவேற்ற வேண்டிய கோப்பைத் தேர்ந்தெடுக்கவும்.' } },
  OFFICE_UPLOAD_EMPTY: { http: 400, message: { en: 'The file is empty.', tn: 'கோப்பு காலியாக உள்ளது.' } },
  OFFICE_UPLOAD_TOO_LARGE: {
    http: 413,
    message: { en: 'The file is larger than 10 MB.', tn: 'கோப்பு 10 MB-ஐ விடப் பெரியது.' },
  },
  OFFICE_UPLOAD_UNPACKS_TOO_LARGE: {
    http: 413,
    message: {
      en: 'The file holds too much once unpacked (or is built to look small). Save a smaller file from your office app.',
      tn: 'கோப்பைத் திறக்கும்போது மிக அதிக உள்ளடக்கம் உள்ளது. உங்கள் அலுவலகச் செயலியில் சிறிய கோப்பாகச் சேமிக்கவும்.',
    },
  },
  OFFICE_UPLOAD_WRONG_KIND: {
    http: 400,
    message: {
      en: 'This is not the right kind of file: upload an Excel workbook (.xlsx), a Word document (.docx) or a PowerPoint presentation (.pptx), as the question asks.',
      tn: 'இது சரியான வகைக் கோப்பு அல்ல: கேள்வி கேட்பது போல Excel பணிப்புத்தகம் (.xlsx), Word ஆவணம் (.docx) அல்லது PowerPoint விளக்கக்காட்சி (.pptx) பதிவேற்றவும்.',
    },
  },
  OFFICE_UPLOAD_ENCRYPTED: {
    http: 400,
    message: {
      en: 'The file is password-protected or in the old binary format. Remove the password and save it as .xlsx, .docx or .pptx.',
      tn: 'கோப்பு கடவுச்சொல்லால் பாதுகாக்கப்பட்டுள்ளது அல்லது பழைய வடிவத்தில் உள்ளது. கடவுச்சொல்லை நீக்கி .xlsx, .docx அல்லது .pptx ஆகச் சேமிக்கவும்.',
    },
  },
  OFFICE_UPLOAD_MALFORMED: {
    http: 400,
    message: { en: 'The file is damaged and could not be read. Save it again from your office app.', tn: 'கோப்பு சேதமடைந்துள்ளது, படிக்க முடியவில்லை. உங்கள் அலுவலகச் செயலியில் மீண்டும் சேமிக்கவும்.' },
  },
  OFFICE_UPLOAD_FOREIGN: {
    http: 409,
    message: {
      en: 'This file belongs to another question or another attempt. Upload the file you started from this question.',
      tn: 'இந்தக் கோப்பு வேறு கேள்வி அல்லது வேறு முயற்சிக்கு உரியது. இந்தக் கேள்வியிலிருந்து தொடங்கிய கோப்பைப் பதிவேற்றவும்.',
    },
  },
  OFFICE_SOLUTION_HIDDEN: {
    http: 403,
    message: { en: 'The solution of this question is not available now.', tn: 'இந்தக் கேள்வியின் தீர்வு இப்போது கிடைக்காது.' },
  },
  OFFICE_ANSWER_REVEALED: {
    http: 409,
    message: {
      en: 'You have seen the answer to this question, so your file can no longer be changed or evaluated.',
      tn: 'இந்தக் கேள்வியின் விடையைப் பார்த்துவிட்டீர்கள்; எனவே உங்கள் கோப்பை இனி மாற்றவோ மதிப்பிடவோ முடியாது.',
    },
  },
  OFFICE_TOO_MANY_PENDING: {
    http: 429,
    message: { en: 'Your previous evaluation is still running. Please wait for it to finish.', tn: 'உங்கள் முந்தைய மதிப்பீடு இன்னும் நடக்கிறது. அது முடியும் வரை காத்திருக்கவும்.' },
  },
  OFFICE_EVALUATOR_UNAVAILABLE: {
    http: 503,
    message: { en: 'The evaluator is not available right now. Please try again later.', tn: 'மதிப்பீட்டாளர் இப்போது கிடைக்கவில்லை. பின்னர் முயற்சிக்கவும்.' },
  },
  OFFICE_DOCUMENT_SERVER_OFF: {
    http: 404,
    message: { en: 'The online document editor is not set up on this server.', tn: 'இணைய ஆவணத் திருத்தி இந்தச் சேவையகத்தில் அமைக்கப்படவில்லை.' },
  },
  OFFICE_DOCUMENT_SERVER_FAILED: {
    http: 502,
    message: { en: 'The document editor did not answer. Your last saved file is kept.', tn: 'ஆவணத் திருத்தி பதிலளிக்கவில்லை. நீங்கள் கடைசியாகச் சேமித்த கோப்பு வைக்கப்பட்டுள்ளது.' },
  },
  OFFICE_CALLBACK_INVALID: {
    http: 403,
    message: { en: 'The document editor’s request was not signed correctly.', tn: 'ஆவணத் திருத்தியின் கோரிக்கை சரியாகக் கையொப்பமிடப்படவில்லை.' },
  },
  OFFICE_RUBRIC_INVALID: {
    http: 400,
    message: { en: 'The rubric (what is compared) could not be read.', tn: 'மதிப்பீட்டு அளவுகோலைப் (எது ஒப்பிடப்படுகிறது) படிக்க முடியவில்லை.' },
  },
});
