import type { LocalizedText } from '../../common/errors.js';

/** What a course package's check says of each problem it finds, and Content Management's reorder refusal. */
export const PACKAGE_MESSAGES = {
  noManifest: { en: 'The zip has no manifest.json at its root.', tn: 'zip கோப்பின் மேல்நிலையில் manifest.json இல்லை.' },
  manifestNotJson: { en: 'manifest.json is not valid JSON (UTF-8).', tn: 'manifest.json சரியான JSON (UTF-8) அல்ல.' },
  manifestInvalid: { en: 'Missing or not valid ({reason}).', tn: 'இல்லை அல்லது செல்லாது ({reason}).' },
  notInZip: { en: '{path} is not in the zip.', tn: '{path} zip கோப்பில் இல்லை.' },
  notPdf: { en: '{path} is not a PDF (checked by its content).', tn: '{path} PDF கோப்பு அல்ல (உள்ளடக்கத்தால் சரிபார்க்கப்பட்டது).' },
  notVideo: { en: '{path} is not a WebM, Ogg or MP4 video (checked by its content).', tn: '{path} WebM, Ogg, MP4 கோப்பு அல்ல (உள்ளடக்கத்தால் சரிபார்க்கப்பட்டது).' },
  notImage: { en: '{path} is not a JPEG or PNG image (checked by its content).', tn: '{path} JPEG, PNG கோப்பு அல்ல (உள்ளடக்கத்தால் சரிபார்க்கப்பட்டது).' },
  tooLarge: { en: '{path} is larger than allowed ({mb} MB).', tn: '{path} அனுமதிக்கப்பட்டதை விடப் பெரியது ({mb} MB).' },
  notUtf8: { en: '{path} is not UTF-8 text.', tn: '{path} UTF-8 உரை அல்ல.' },
  textLessonNeedsHtml: { en: 'A text lesson needs an html file.', tn: 'உரைப் பாடத்துக்கு html கோப்பு தேவை.' },
  lessonNeedsFile: { en: 'A {type} lesson needs its file.', tn: '{type} பாடத்துக்கு அதன் கோப்பு தேவை.' },
  questionItem: { en: '{file} #{index}', tn: '{file} #{index}' },
  questionItemAtLine: { en: '{file} #{index} (line {line})', tn: '{file} #{index} (வரி {line})' },
  fieldProblem: { en: '{field}: {problem}', tn: '{field}: {problem}' },
  orderEachOnce: { en: 'The new order must list each item once.', tn: 'புதிய வரிசையில் ஒவ்வொரு உருப்படியும் ஒருமுறை இருக்க வேண்டும்.' },
} satisfies Record<string, LocalizedText>;
