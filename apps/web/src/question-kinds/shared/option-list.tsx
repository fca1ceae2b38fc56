import { QUESTION_OPTIONS_MAX, SUPPORTED_LANGUAGES } from '@app/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../lib/translation';
import { RichTextEditor } from '../../components/rich-text';
import { nextOptionId, type QuestionFormValues } from './form-values';

const letterOf = (index: number) => String.fromCharCode(65 + index);

/** The options of a choice question in both languages, each with its "correct" mark. */
export interface OptionListProps {
  control: Control<QuestionFormValues>;
  errors: FieldErrors<QuestionFormValues>;
  isDisabled: boolean;
  isMultiple: boolean;
}

export function OptionList({ control, errors, isDisabled, isMultiple }: OptionListProps) {
  const { t } = useTranslation('questionBank');
  const { t: tm } = useTranslation('messages');
  const options = useFieldArray({ control, name: 'options', keyName: 'key' });
  const texts = useWatch({ control, name: 'texts' });
  const values = useWatch({ control, name: 'options' });
  const languages = SUPPORTED_LANGUAGES.filter((language) => texts[language].isEnabled);
  const listError = errors.options?.message ?? errors.options?.root?.message ?? errors.correct?.message;

  return (
    <Stack spacing={2} component="section" aria-labelledby="question-options-heading">
      <Typography id="question-options-heading" variant="subtitle1" component="h2">
        {t('editor.options')}
      </Typography>
      <Controller
        control={control}
        name="correct"
        render={({ field }) => (
          <Stack spacing={2}>
            {options.fields.map((option, index) => {
              const letter = letterOf(index);
              const answerID = values?.[index]?.answerID ?? option.answerID;
              const isCorrect = field.value.includes(answerID);
              const toggle = (isOn: boolean) => {
                if (!isMultiple) field.onChange(isOn ? [answerID] : []);
                else field.onChange(isOn ? [...field.value, answerID] : field.value.filter((id) => id !== answerID));
              };
              const markProps = { checked: isCorrect, disabled: isDisabled, onChange: (_e: unknown, isOn: boolean) => toggle(isOn), slotProps: { input: { 'aria-label': t('editor.correctOption', { letter }) } } };
              return (
                <Box key={option.key} sx={{ display: 'grid', gridTemplateColumns: { xs: 'auto 1fr auto', md: `auto repeat(${Math.max(languages.length, 1)}, minmax(0, 1fr)) auto` }, gap: 1, alignItems: 'start' }}>
                  {isMultiple ? <Checkbox {...markProps} /> : <Radio {...markProps} />}
                  <Box sx={{ display: 'grid', gap: 1, gridColumn: { xs: '2', md: 'auto' } }}>
                    {languages.length === 0 && <Typography color="text.secondary">{t('editor.option', { letter })}</Typography>}
                  </Box>
                  {languages.map((language) => (
                    <Box key={language} sx={{ gridColumn: { xs: '2', md: 'auto' } }}>
                      <Controller
                        control={control}
                        name={`options.${index}.${language}`}
                        render={({ field: text, fieldState }) => (
                          <RichTextEditor
                            id={`question-option-${index}-${language}`}
                            label={t('editor.optionIn', { letter, language: t(`languages.${language}`) })}
                            value={text.value}
                            onChange={text.onChange}
                            minRows={1}
                            lang={language === 'tn' ? 'ta' : 'en'}
                            disabled={isDisabled}
                            error={Boolean(fieldState.error)}
                            helperText={fieldState.error?.message ? tm(asMessageKey(fieldState.error.message)) : undefined}
                          />
                        )}
                      />
                    </Box>
                  ))}
                  <IconButton
                    aria-label={t('editor.removeOption', { letter })}
                    disabled={isDisabled || options.fields.length <= 2}
                    onClick={() => {
                      field.onChange(field.value.filter((id) => id !== answerID));
                      options.remove(index);
                    }}
                    sx={{ gridColumn: { xs: '3', md: 'auto' }, gridRow: { xs: '1', md: 'auto' } }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              );
            })}
          </Stack>
        )}
      />
      {listError && <FormHelperText error>{tm(asMessageKey(listError))}</FormHelperText>}
      <Box>
        <Button
          variant="outlined"
          disabled={isDisabled || options.fields.length >= QUESTION_OPTIONS_MAX}
          onClick={() => options.append({ answerID: nextOptionId(values ?? []), en: '', tn: '' })}
        >
          {t('editor.addOption')}
        </Button>
      </Box>
    </Stack>
  );
}
