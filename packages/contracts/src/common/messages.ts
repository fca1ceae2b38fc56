import type { Language } from './constants.js';

/**
 * The message catalogue: every text the server or the client shows that the specifications
 * name, in English and Tamil. Keys are stable; English texts are the spec's own words
 * (including its spelling).
 */
export const MESSAGES = {
  // Spec 000 §5 validation
  usernameRequired: { en: 'You must enter email/username/phone', tn: 'மின்னஞ்சல்/பயனர்பெயர்/தொலைபேசியை உள்ளிட வேண்டும்' },
  passwordRequired: { en: 'Please enter your password.', tn: 'உங்கள் கடவுச்சொல்லை உள்ளிடவும்.' },
  passwordTooShort: { en: 'Password is too short - should be 4 chars minimum.', tn: 'கடவுச்சொல் மிகவும் சிறியது - குறைந்தது 4 எழுத்துகள் வேண்டும்.' },
  nameRequired: { en: 'Please enter your name.', tn: 'உங்கள் பெயரை உள்ளிடவும்.' },
  dobRequired: { en: 'Please select your date of birth.', tn: 'உங்கள் பிறந்த தேதியைத் தேர்ந்தெடுக்கவும்.' },
  addressRequired: { en: 'Please enter Address.', tn: 'முகவரியை உள்ளிடவும்.' },
  cityRequired: { en: 'Please select city.', tn: 'நகரத்தைத் தேர்ந்தெடுக்கவும்.' },
  stateRequired: { en: 'Please select state.', tn: 'மாநிலத்தைத் தேர்ந்தெடுக்கவும்.' },
  phoneInvalid: { en: 'Phone number is not valid', tn: 'தொலைபேசி எண் சரியானதல்ல' },
  mobileRequired: { en: 'Please enter mobile number.', tn: 'கைபேசி எண்ணை உள்ளிடவும்.' },
  emailInvalid: { en: 'You must enter a valid email', tn: 'சரியான மின்னஞ்சலை உள்ளிட வேண்டும்' },
  emailRequired: { en: 'You must enter a email', tn: 'மின்னஞ்சலை உள்ளிட வேண்டும்' },
  languageRequired: { en: 'Please select medium of instruction.', tn: 'பயிற்று மொழியைத் தேர்ந்தெடுக்கவும்.' },
  parentNameRequired: { en: 'Please enter parent name.', tn: 'பெற்றோர் பெயரை உள்ளிடவும்.' },
  guardianRequired: { en: 'Please enter guardian name.', tn: 'பாதுகாவலர் பெயரை உள்ளிடவும்.' },
  otpRequired: { en: 'Please enter OTP.', tn: 'OTP-ஐ உள்ளிடவும்.' },
  otpLength: { en: 'Must be exactly 6 digits', tn: 'சரியாக 6 இலக்கங்கள் இருக்க வேண்டும்' },
  passwordsMustMatch: { en: 'Passwords must match', tn: 'கடவுச்சொற்கள் பொருந்த வேண்டும்' },
  invalidUrl: { en: 'Enter a valid url', tn: 'சரியான இணைய முகவரியை உள்ளிடவும்' },
  checklistItemRequired: { en: 'You must enter a label title', tn: 'லேபிள் தலைப்பை உள்ளிட வேண்டும்' },

  // Spec 000 §8 error catalogue
  unhandledException: { en: 'Unhandled Exception!', tn: 'கையாளப்படாத பிழை!' },
  serverTimeout: { en: 'Server Timeout!', tn: 'சேவையக நேரம் முடிந்தது!' },
  invalidUserOrPassword: { en: 'Invalid user or ppassword', tn: 'தவறான பயனர் அல்லது கடவுச்சொல்' },
  checkInternet: { en: 'Please check your Internet Connection', tn: 'உங்கள் இணைய இணைப்பைச் சரிபார்க்கவும்' },
  oopsSomethingWrong: { en: 'Oops something went wrong', tn: 'அச்சச்சோ, ஏதோ தவறு நடந்துவிட்டது' },
  failed: { en: 'Failed', tn: 'தோல்வி' },
  tokenLoginFailed: { en: 'Failed to login with token.', tn: 'டோக்கன் மூலம் உள்நுழைய முடியவில்லை.' },
  accessTokenExpired: { en: 'access_token expired', tn: 'அணுகல் டோக்கன் காலாவதியானது' },
  noResults: { en: 'No results..', tn: 'முடிவுகள் இல்லை..' },
  welcomeBack: { en: 'Welcome Back', tn: 'மீண்டும் வருக' },

  // Spec 001 §8
  somethingWentWrong: { en: 'Something went wrong', tn: 'ஏதோ தவறு நடந்துவிட்டது' },
  provideAnswer: { en: 'Please provide answer for this question.', tn: 'இந்தக் கேள்விக்கு பதில் அளிக்கவும்.' },
  firstQuestion: { en: 'This is the first question.', tn: 'இது முதல் கேள்வி.' },
  lastQuestion: { en: 'This is the Last question.', tn: 'இது கடைசி கேள்வி.' },
  exceedsMaxLine: { en: 'Exceeds maximum line.', tn: 'அதிகபட்ச வரிகளைத் தாண்டியது.' },
  noInternet: { en: 'No Internet connection!', tn: 'இணைய இணைப்பு இல்லை!' },
  cameraError: { en: 'An error occurred while accessing the camera.', tn: 'கேமராவை அணுகுவதில் பிழை ஏற்பட்டது.' },
  reportReasonRequired: { en: 'You must assign the error message.', tn: 'பிழைச் செய்தியைக் குறிப்பிட வேண்டும்.' },

  // Accounts, profile and lookups (server and forms; not named by the spec, same style)
  dobInvalid: { en: 'Please enter a valid date of birth (DD-MM-YYYY).', tn: 'சரியான பிறந்த தேதியை உள்ளிடவும் (DD-MM-YYYY).' },
  dobNotPast: { en: 'The date of birth must be in the past.', tn: 'பிறந்த தேதி கடந்த காலத்தில் இருக்க வேண்டும்.' },
  cityInvalid: { en: 'Please select city.', tn: 'நகரத்தைத் தேர்ந்தெடுக்கவும்.' },
  instituteInvalid: { en: 'Please select an institute from the list.', tn: 'பட்டியலிலிருந்து ஒரு நிறுவனத்தைத் தேர்ந்தெடுக்கவும்.' },
  classInvalid: { en: 'Please select a class of the chosen institute.', tn: 'தேர்ந்தெடுத்த நிறுவனத்தின் வகுப்பைத் தேர்ந்தெடுக்கவும்.' },
  sectionInvalid: { en: 'Please select a section of the chosen class.', tn: 'தேர்ந்தெடுத்த வகுப்பின் பிரிவைத் தேர்ந்தெடுக்கவும்.' },
  courseInvalid: { en: 'Please select courses from the list.', tn: 'பட்டியலிலிருந்து பாடநெறிகளைத் தேர்ந்தெடுக்கவும்.' },
  emailLocked: { en: 'The e-mail address cannot be changed here.', tn: 'மின்னஞ்சல் முகவரியை இங்கே மாற்ற முடியாது.' },
  emailTaken: { en: 'An account with this e-mail already exists. Please sign in.', tn: 'இந்த மின்னஞ்சலுடன் ஏற்கனவே ஒரு கணக்கு உள்ளது. உள்நுழையவும்.' },
  mobileTaken: { en: 'This mobile number is already registered.', tn: 'இந்தக் கைபேசி எண் ஏற்கனவே பதிவு செய்யப்பட்டுள்ளது.' },
  campusRequired: { en: 'Please select campus.', tn: 'வளாகத்தைத் தேர்ந்தெடுக்கவும்.' },
  departmentRequired: { en: 'Please select department.', tn: 'துறையைத் தேர்ந்தெடுக்கவும்.' },
  degreeRequired: { en: 'Please enter degree.', tn: 'பட்டத்தை உள்ளிடவும்.' },
  yearOfPassingInvalid: { en: 'Please enter a valid year of passing.', tn: 'சரியான தேர்ச்சி ஆண்டை உள்ளிடவும்.' },
  otpSent: { en: 'OTP has been sent.', tn: 'OTP அனுப்பப்பட்டது.' },
  otpMailSent: { en: 'If the address can receive mail, a code has been sent to it.', tn: 'இந்த முகவரிக்கு அஞ்சல் பெற முடிந்தால், ஒரு குறியீடு அனுப்பப்பட்டுள்ளது.' },
  otpInvalid: { en: 'The OTP is not valid or has expired.', tn: 'OTP சரியானதல்ல அல்லது காலாவதியானது.' },
  otpTooManyAttempts: { en: 'Too many wrong codes. Please request a new OTP.', tn: 'பல தவறான குறியீடுகள். புதிய OTP-ஐக் கோரவும்.' },
  otpTooMany: { en: 'Too many codes requested. Please wait before asking again.', tn: 'அதிகமான குறியீடுகள் கோரப்பட்டன. மீண்டும் கேட்கும் முன் காத்திருக்கவும்.' },
  otpVerified: { en: 'OTP verified.', tn: 'OTP சரிபார்க்கப்பட்டது.' },
  resetSecretInvalid: { en: 'This reset request has expired. Please start again.', tn: 'இந்த மீட்டமைப்பு கோரிக்கை காலாவதியானது. மீண்டும் தொடங்கவும்.' },
  passwordChanged: { en: 'Your password has been changed. Please sign in.', tn: 'உங்கள் கடவுச்சொல் மாற்றப்பட்டது. உள்நுழையவும்.' },
  loginLinkInvalid: { en: 'This sign-in link is not valid or has expired.', tn: 'இந்த உள்நுழைவு இணைப்பு சரியானதல்ல அல்லது காலாவதியானது.' },
  parentLoginFailed: { en: 'No parent account is linked to this e-mail.', tn: 'இந்த மின்னஞ்சலுடன் பெற்றோர் கணக்கு இணைக்கப்படவில்லை.' },
  signupDone: { en: 'Your account has been created. Please sign in.', tn: 'உங்கள் கணக்கு உருவாக்கப்பட்டது. உள்நுழையவும்.' },
  profileSaved: { en: 'Profile saved.', tn: 'சுயவிவரம் சேமிக்கப்பட்டது.' },
  parentInfoSaved: { en: 'Parent details saved.', tn: 'பெற்றோர் விவரங்கள் சேமிக்கப்பட்டன.' },
  urlListTooLong: { en: 'Too many visited pages in one report.', tn: 'ஒரு அறிக்கையில் அதிகமான பார்வையிட்ட பக்கங்கள்.' },
  userSessionMismatch: { en: 'This session does not belong to you.', tn: 'இந்த அமர்வு உங்களுடையது அல்ல.' },
  sessionIdRequired: { en: 'The session id is missing.', tn: 'அமர்வு அடையாளம் இல்லை.' },
  secretRequired: { en: 'The reset secret is missing.', tn: 'மீட்டமைப்பு ரகசியம் இல்லை.' },

  // Server-side messages (not named by the spec; same style)
  ok: { en: 'Success', tn: 'வெற்றி' },
  badRequest: { en: 'Some fields are not valid.', tn: 'சில புலங்கள் சரியானவை அல்ல.' },
  unauthorized: { en: 'Please sign in again.', tn: 'மீண்டும் உள்நுழையவும்.' },
  forbidden: { en: 'You do not have permission to do this.', tn: 'இதைச் செய்ய உங்களுக்கு அனுமதி இல்லை.' },
  notFound: { en: 'Not found.', tn: 'கிடைக்கவில்லை.' },
  routeNotFound: { en: 'This address does not exist.', tn: 'இந்த முகவரி இல்லை.' },
  conflict: { en: 'This conflicts with existing data.', tn: 'இது ஏற்கனவே உள்ள தரவுடன் முரண்படுகிறது.' },
  tooLarge: { en: 'The upload is too large.', tn: 'பதிவேற்றம் மிகப் பெரியது.' },
  unsupportedType: { en: 'This file type is not allowed.', tn: 'இந்தக் கோப்பு வகை அனுமதிக்கப்படவில்லை.' },
  rateLimited: { en: 'Too many requests. Please wait a moment.', tn: 'அதிகமான கோரிக்கைகள். சிறிது நேரம் காத்திருக்கவும்.' },
  internal: { en: 'Unhandled Exception!', tn: 'கையாளப்படாத பிழை!' },
  serviceUnavailable: { en: 'Server Timeout!', tn: 'சேவையக நேரம் முடிந்தது!' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, language: Language = 'en'): string {
  return MESSAGES[key][language] ?? MESSAGES[key].en;
}
