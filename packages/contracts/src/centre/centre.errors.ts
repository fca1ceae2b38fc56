import { defineErrors } from '../common/errors.js';

/** Exam centres: pairing, staging and unlocking the paper (codes are stable; messages in both languages). */
export const CENTRE_ERRORS = defineErrors({
  CENTRE_NOT_FOUND: { http: 404, message: { en: 'This exam centre does not exist.', tn: 'இந்தத் தேர்வு மையம் இல்லை.' } },
  CENTRE_EXAM_NOT_FOUND: { http: 404, message: { en: 'This exam is not staged for this centre.', tn: 'இந்தத் தேர்வு இந்த மையத்திற்குத் தயார் செய்யப்படவில்லை.' } },
  CENTRE_PAIRING_CODE_INVALID: {
    http: 400,
    message: {
      en: 'This pairing code is wrong, has expired or has already been used. Ask the administrator for a new one.',
      tn: 'இந்த இணைப்புக் குறியீடு தவறானது, காலாவதியானது அல்லது ஏற்கனவே பயன்படுத்தப்பட்டது. நிர்வாகியிடம் புதியதைக் கேட்கவும்.',
    },
  },
  CENTRE_CREDENTIAL_INVALID: {
    http: 401,
    message: { en: 'This centre is not paired with the central server.', tn: 'இந்த மையம் மத்திய சேவையகத்துடன் இணைக்கப்படவில்லை.' },
  },
  CENTRE_ALREADY_PAIRED: { http: 409, message: { en: 'This centre is already paired.', tn: 'இந்த மையம் ஏற்கனவே இணைக்கப்பட்டுள்ளது.' } },
  CENTRE_NOT_PAIRED: {
    http: 409,
    message: { en: 'Pair this centre with the central server first.', tn: 'முதலில் இந்த மையத்தை மத்திய சேவையகத்துடன் இணைக்கவும்.' },
  },
  CENTRE_EXAM_NOT_STARTED: {
    http: 409,
    message: { en: 'This exam has not started yet: its paper stays locked until the start.', tn: 'இந்தத் தேர்வு இன்னும் தொடங்கவில்லை: தொடக்க நேரம் வரை வினாத்தாள் பூட்டியே இருக்கும்.' },
  },
  CENTRE_UNLOCK_CODE_WRONG: {
    http: 400,
    message: { en: 'This invigilator code does not unlock this exam at this centre.', tn: 'இந்தக் கண்காணிப்பாளர் குறியீடு இந்த மையத்தில் இந்தத் தேர்வைத் திறக்காது.' },
  },
  CENTRE_CENTRAL_UNREACHABLE: {
    http: 503,
    message: {
      en: 'The central server cannot be reached. Unlock with the invigilator code instead.',
      tn: 'மத்திய சேவையகத்தை அடைய முடியவில்லை. கண்காணிப்பாளர் குறியீட்டைப் பயன்படுத்தித் திறக்கவும்.',
    },
  },
  CENTRE_PAPER_UNSUPPORTED: {
    http: 422,
    message: {
      en: 'This centre cannot run this paper: a section drawn at random came without its questions (the question bank had too few when it was staged), or the paper is from another version of the central server. Stage it again once the bank has enough questions, or run the exam on the central server.',
      tn: 'இந்த மையம் இந்த வினாத்தாளை நடத்த இயலாது: சீரற்ற முறையில் கேள்விகள் எடுக்கப்படும் ஒரு பிரிவு அதன் கேள்விகள் இல்லாமல் வந்தது (தயார் செய்யப்பட்டபோது கேள்வி வங்கியில் போதுமான கேள்விகள் இல்லை), அல்லது வினாத்தாள் மத்திய சேவையகத்தின் வேறு பதிப்பிலிருந்து வந்தது. வங்கியில் போதுமான கேள்விகள் சேர்ந்ததும் மீண்டும் தயார் செய்யவும், அல்லது தேர்வை மத்திய சேவையகத்தில் நடத்தவும்.',
    },
  },
  CENTRE_SYNC_BATCH_TOO_LARGE: {
    http: 413,
    message: { en: 'This sync batch holds too many records: send it in smaller batches.', tn: 'இந்த ஒத்திசைவுத் தொகுப்பில் பதிவுகள் அதிகம்: சிறிய தொகுப்புகளாக அனுப்பவும்.' },
  },
  CENTRE_SYNC_ATTEMPT_NOT_FOUND: {
    http: 404,
    message: { en: 'This centre has sent no such attempt.', tn: 'இந்த மையம் அத்தகைய தேர்வு முயற்சியை அனுப்பவில்லை.' },
  },
  CENTRE_SYNC_NOT_DAMAGED: {
    http: 409,
    message: {
      en: 'Only a damaged attempt can be asked for again.',
      tn: 'சேதமடைந்த தேர்வு முயற்சியை மட்டுமே மீண்டும் கேட்க முடியும்.',
    },
  },
  CENTRE_ROLE_WRONG: {
    http: 404,
    message: { en: 'This server does not do this in its role.', tn: 'இந்தச் சேவையகம் அதன் பங்கில் இதைச் செய்வதில்லை.' },
  },
});
