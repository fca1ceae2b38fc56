import type { Language } from '@app/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { asMessageKey, useTranslation } from '../../../lib/translation';
import { FormSwitchField } from '../../../components/form/form-switch-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { RichTextEditor } from '../../../components/rich-text';
import { questionKind } from '../../../question-kinds';
import type { QuestionFormValues } from '../model/question-form';

const EDITOR_LANG = { en: 'en', tn: 'ta' } as const;

/** One language's statement, hint, instructions and explanation; a switch turns the language on or off. */
export function LanguageTexts({ control, language, isDisabled }: { control: Control<QuestionFormValues>; language: Language; isDisabled: boolean }) {
  const { t } = useTranslation('questionBank');
  const { t: tm } = useTranslation('messages');
  const type = useWatch({ control, name: 'questionType' });
  const isEnabled = useWatch({ control, name: `texts.${language}.isEnabled` });
  const languageName = t(`languages.${language}`);
  const { statementHelpKey, LanguageFields, hidesStatement } = questionKind(type).editor;
  const id = (field: string) => `question-${language}-${field}`;
  const rich = (field: 'data' | 'hint' | 'instructions' | 'explanation', label: string, minRows: number, helper?: string) => (
    <Controller
      control={control}
      name={`texts.${language}.${field}`}
      render={({ field: input, fieldState }) => (
        <RichTextEditor
          id={id(field)}
          label={`${label} (${languageName})`}
          value={input.value}
          onChange={input.onChange}
          minRows={minRows}
          lang={EDITOR_LANG[language]}
          disabled={isDisabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? tm(asMessageKey(fieldState.error.message)) : helper}
        />
      )}
    />
  );
  return (
    <Stack spacing={2} component="section" aria-labelledby={id('heading')} lang={EDITOR_LANG[language]}>
      <Typography id={id('heading')} variant="subtitle1" component="h2">
        {languageName}
      </Typography>
      <FormSwitchField control={control} name={`texts.${language}.isEnabled`} label="questionBank:editor.languageOn" labelValues={{ language: languageName }} isDisabled={isDisabled} />
      {isEnabled && (
        <>
          <FormTextField
            control={control}
            name={`texts.${language}.title`}
            id={id('title')}
            label="questionBank:fields.inLanguage"
            labelValues={{ field: t('editor.questionTitle'), language: languageName }}
            isDisabled={isDisabled}
            fullWidth
          />
          {!hidesStatement && rich('data', t('editor.statement'), 4, statementHelpKey ? t(statementHelpKey) : undefined)}
          {rich('instructions', t('editor.instructions'), 2)}
          {rich('hint', t('editor.hint'), 2)}
          {rich('explanation', t('editor.explanation'), 3)}
          {LanguageFields && (
            <Suspense fallback={null}>
              <LanguageFields control={control} language={language} languageName={languageName} isDisabled={isDisabled} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  );
}
