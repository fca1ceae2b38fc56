import type { ProgrammingLanguage, QuestionDetails } from '@app/contracts';
import { storage } from '../../../lib/storage';
import { isProgrammingLanguage, stubFor } from './languages';
import type { ProgramAnswer } from './program-answer';

/**
 * The program being typed, per language, kept on this device between Runs so that a reload or a
 * trip to another question loses nothing. The answer itself is saved with each Run or Submit.
 */
export interface ProgramDraft {
  language: ProgrammingLanguage;
  codes: Partial<Record<ProgrammingLanguage, string>>;
}

export function draftKey(TestSessionID: string, questionID: number): string {
  return `runnerDraft:${TestSessionID}:${questionID}`;
}

export function readDraft(key: string): ProgramDraft | null {
  const value = storage.getJson<Partial<ProgramDraft>>(key);
  if (!value || !isProgrammingLanguage(value.language) || !value.codes || typeof value.codes !== 'object') return null;
  const codes: ProgramDraft['codes'] = {};
  for (const [language, code] of Object.entries(value.codes)) {
    if (isProgrammingLanguage(language) && typeof code === 'string') codes[language] = code;
  }
  return { language: value.language, codes };
}

export function writeDraft(key: string, draft: ProgramDraft): void {
  try {
    storage.setJson(key, draft);
  } catch {
    // A full storage only loses the local copy; the saved answer stays on the server.
  }
}

/**
 * What the editor opens with: the language of the draft, else of the saved answer, else the first
 * allowed; per language the draft's code, else the saved program, else the stub.
 */
export function initialProgram(input: {
  languages: readonly ProgrammingLanguage[];
  details: Pick<QuestionDetails, 'codeStubs'> | null | undefined;
  saved: ProgramAnswer | null;
  draft: ProgramDraft | null;
}): ProgramDraft {
  const { languages, details, saved, draft } = input;
  const allowed = (language: ProgrammingLanguage | undefined) => (language && languages.includes(language) ? language : undefined);
  const language = allowed(draft?.language) ?? allowed(saved?.programmingLanguageMasterID) ?? languages[0] ?? 'Python';
  const codes: ProgramDraft['codes'] = {};
  for (const item of languages) {
    codes[item] = draft?.codes[item] ?? (saved?.programmingLanguageMasterID === item ? saved.sourceCode : stubFor(details, item));
  }
  return { language, codes };
}
