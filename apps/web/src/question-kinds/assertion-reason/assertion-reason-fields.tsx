import { assertionReasonStatement, splitAssertionReason, type AssertionReasonTexts } from '@app/contracts';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
import type { KindLanguageFieldsProps } from '../kind';

/**
 * One language's assertion and reason. They are the statement: each keystroke writes the
 * labelled two-paragraph statement the server checks, so the form holds no second copy.
 */
export function AssertionReasonFields({ control, language, languageName, isDisabled }: KindLanguageFieldsProps) {
  const { t } = useTranslation('questionKinds');
  const { t: tm } = useTranslation('messages');
  const { field, fieldState } = useController({ control, name: `texts.${language}.data` });
  const texts = splitAssertionReason(field.value) ?? { assertion: '', reason: '' };
  const change = (part: keyof AssertionReasonTexts, value: string) => {
    const next = { ...texts, [part]: value };
    field.onChange(next.assertion || next.reason ? assertionReasonStatement(language, next) : '');
  };
  const error = fieldState.error?.message ? tm(asMessageKey(fieldState.error.message)) : undefined;
  return (
    <Stack spacing={2}>
      {(['assertion', 'reason'] as const).map((part) => (
        <TextField
          key={part}
          id={`question-${language}-${part}`}
          label={`${t(`assertionReason.${part}`)} (${languageName})`}
          value={texts[part]}
          onChange={(event) => change(part, event.target.value)}
          onBlur={field.onBlur}
          disabled={isDisabled}
          required
          multiline
          minRows={2}
          error={Boolean(error) && !texts[part].trim()}
          helperText={!texts[part].trim() ? error : undefined}
          fullWidth
        />
      ))}
    </Stack>
  );
}
