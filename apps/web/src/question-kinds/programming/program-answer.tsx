import { PASTE_GUARD_CHARS, PROGRAMMING_LANGUAGES } from '@app/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/translation';
import type { AnswerData, AnswerId, PlayerQuestionOf } from '../shared/player-question';

type ProgramValue = { sourceCode: string; programmingLanguageMasterID: string | number };

/** Languages allowed for a question: a list or a comma string; * means all (spec 001 §5). */
export function allowedLanguages(question: Pick<PlayerQuestionOf<'programming'>, 'questionDetails'>): string[] {
  const raw = question.questionDetails?.allowedLanguages ?? ['*'];
  const list = raw.flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean);
  if (list.length === 0 || list.includes('*')) return [...PROGRAMMING_LANGUAGES];
  return PROGRAMMING_LANGUAGES.filter((language) => list.some((item) => item.toLowerCase() === language.toLowerCase()));
}

/** A change adding more than 15 characters at once is a paste and is refused (spec 001 §5). */
export function isPasteLike(previous: string, next: string): boolean {
  return next.length - previous.length > PASTE_GUARD_CHARS;
}

/**
 * The answer area of a programming question when no code editor is mounted: a plain editor that
 * keeps the paste guard and saves the program with the answer (the code runner's editor replaces
 * it where available).
 */
export function ProgramAnswer({
  question,
  isLocked,
  onAnswer,
}: {
  question: PlayerQuestionOf<'programming'>;
  isLocked: boolean;
  onAnswer: (answerID: AnswerId, answerData: AnswerData) => void;
}) {
  const { t } = useTranslation('exam');
  const languages = allowedLanguages(question);
  const current = (question.answerData && typeof question.answerData === 'object' && 'sourceCode' in question.answerData ? question.answerData : null) as ProgramValue | null;
  const language = String(current?.programmingLanguageMasterID ?? languages[0] ?? 'Python');
  const stub = question.questionDetails?.codeStubs[language] ?? '';
  const source = current?.sourceCode ?? stub;

  const save = (sourceCode: string, languageLabel: string) =>
    onAnswer(sourceCode.trim() ? 'program' : null, { sourceCode, programmingLanguageMasterID: languageLabel });

  const block = (event: { preventDefault: () => void }) => event.preventDefault();

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {t('editor.title')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('editor.language')}
        value={language}
        disabled={isLocked}
        onChange={(event) => save(current?.sourceCode ?? question.questionDetails?.codeStubs[event.target.value] ?? '', event.target.value)}
        sx={{ maxWidth: 200 }}
      >
        {languages.map((label) => (
          <MenuItem key={label} value={label}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        multiline
        minRows={12}
        label={t('editor.source')}
        value={source}
        disabled={isLocked}
        onChange={(event) => {
          if (isPasteLike(source, event.target.value)) return;
          save(event.target.value, language);
        }}
        onPaste={block}
        onCopy={block}
        onCut={block}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', tabSize: 2 } } }}
      />
    </Box>
  );
}
