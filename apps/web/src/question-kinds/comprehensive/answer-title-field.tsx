import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import type { KindLanguageFieldsProps } from '../kind';

/** The heading over the student's answer box, in one language. */
export function AnswerTitleField({ control, language, languageName, isDisabled }: KindLanguageFieldsProps) {
  const { t } = useTranslation('questionBank');
  return (
    <Controller
      control={control}
      name={`texts.${language}.answerTitle`}
      render={({ field }) => <TextField id={`question-${language}-answer-title`} label={`${t('editor.answerTitle')} (${languageName})`} {...field} disabled={isDisabled} fullWidth />}
    />
  );
}
