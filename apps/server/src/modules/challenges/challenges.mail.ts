import { CHALLENGES_MAIL_TEXTS as T, KEY_DECISION_TEXTS, textIn, type KeyDecision, type Language } from '@app/contracts';
import type { MailMessage } from '../../lib/mailer.js';

/** The mail that tells a challenger what was decided, in their language. */
export function decisionMail(to: string, language: Language, input: { testName: string; number: number; decision: KeyDecision; note: string }): MailMessage {
  const values = { test: input.testName, number: input.number };
  const decided = textIn(T.decided, language, { ...values, decision: textIn(KEY_DECISION_TEXTS[input.decision], language) });
  return {
    to,
    subject: textIn(T.subject, language, values),
    text: `${decided}\n\n${textIn(T.note, language, { note: input.note })}\n`,
  };
}
