import { zodResolver } from '@hookform/resolvers/zod';
import { CONTENT_TYPES, DIFFICULTIES, QUESTION_TYPES, SUPPORTED_LANGUAGES, type Language } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useMemo, useState, type RefObject } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation, type FieldTextKey } from '../../../lib/translation';
import { FormAutocompleteField } from '../../../components/form/form-autocomplete-field';
import { FormNumberField } from '../../../components/form/form-number-field';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTagsField } from '../../../components/form/form-tags-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { LeaveGuard } from '../../../components/dialogs/leave-guard';
import { useTopicChoices } from '../api/question-bank-api';
import { questionKind } from '../../../question-kinds';
import { questionFormSchema, type QuestionFormValues } from '../model/question-form';
import { LanguageTexts } from './language-texts';
import { PendingButton } from '../../../components/pending-button';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';

export interface QuestionEditorFormProps {
  initialValues: QuestionFormValues;
  isNew: boolean;
  isEditable: boolean;
  /** The version the editor started from (for the "new version" notice). */
  currentVersion: number | null;
  isSaving: boolean;
  onSubmit: (values: QuestionFormValues) => void;
  /** Shows the values being edited (the page composes the player's view). */
  onPreview?: (values: QuestionFormValues) => void;
  /** Filled with the form's getValues, so the editor can preview unsaved values. */
  getValuesRef?: RefObject<(() => QuestionFormValues) | null>;
  /** The saved question being edited (an office question's solution can then be checked against itself). */
  questionId?: number | null;
}

/**
 * Authoring of every kind the player knows: classification, both languages side by side (tabs on
 * a phone), then the kind's own parts (options, blanks, written answer, programming, office file).
 */
export function QuestionEditorForm({ initialValues, isNew, isEditable, currentVersion, isSaving, onSubmit, onPreview, getValuesRef, questionId }: QuestionEditorFormProps) {
  const { t } = useTranslation('questionBank');
  const { t: tk } = useTranslation('questionKinds');
  // MUI's md breakpoint: the two languages side by side from there, as tabs below it.
  const isWide = useMediaQuery('(min-width:900px)');
  const [languageTab, setLanguageTab] = useState<Language>('en');
  const { topics, isLoading: isTopicsLoading } = useTopicChoices();
  const topicOptions = useMemo(() => topics.map((topic) => ({ value: topic.topicId, label: topic.label })), [topics]);
  const form = useForm<QuestionFormValues>({
    defaultValues: initialValues,
    // The schema checks the parts the contracts define and reports the editor's rules per field.
    resolver: zodResolver(questionFormSchema) as unknown as Resolver<QuestionFormValues>,
  });
  const { control, handleSubmit, setValue, formState, getValues } = form;
  const errors = useFocusFirstError<HTMLFormElement>();
  useEffect(() => {
    if (!getValuesRef) return;
    getValuesRef.current = getValues;
    return () => {
      getValuesRef.current = null;
    };
  }, [getValuesRef, getValues]);
  const type = useWatch({ control, name: 'questionType' });
  const isDisabled = !isEditable || isSaving;
  const hasErrors = Object.keys(formState.errors).length > 0;

  const select = (name: 'questionType' | 'difficulty' | 'defaultLanguage' | 'contentType', label: FieldTextKey, options: Array<{ value: string; label: string }>, isLocked = false) => (
    <FormSelectField control={control} name={name} id={`question-${name}`} label={label} options={options} isDisabled={isDisabled || isLocked} fullWidth />
  );
  const marks = (name: 'marks' | 'negativeMarks', label: FieldTextKey) => (
    <FormNumberField control={control} name={name} id={`question-${name}`} label={label} min={0} max={1000} step="any" isDisabled={isDisabled} fullWidth />
  );

  // The kind's own parts (options, blanks, written answer, programming, office files) come from its registry entry.
  const { SettingsFields, Fields, hasSolutionField } = questionKind(type).editor;
  const kindProps = { control, errors: formState.errors, setValue, getValues, isDisabled, questionId: questionId ?? null };

  const languageColumns = isWide ? (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 3 }}>
      {SUPPORTED_LANGUAGES.map((language) => (
        <LanguageTexts key={language} control={control} language={language} isDisabled={isDisabled} />
      ))}
    </Box>
  ) : (
    <Box>
      <Tabs value={languageTab} onChange={(_event, value: Language) => setLanguageTab(value)} aria-label={t('columns.languages')} variant="fullWidth">
        {SUPPORTED_LANGUAGES.map((language) => (
          <Tab key={language} value={language} label={t(`languages.${language}`)} id={`question-language-tab-${language}`} aria-controls={`question-language-panel-${language}`} />
        ))}
      </Tabs>
      {SUPPORTED_LANGUAGES.map((language) => (
        <Box key={language} role="tabpanel" id={`question-language-panel-${language}`} aria-labelledby={`question-language-tab-${language}`} hidden={languageTab !== language} sx={{ pt: 2 }}>
          {languageTab === language && <LanguageTexts control={control} language={language} isDisabled={isDisabled} />}
        </Box>
      ))}
    </Box>
  );

  return (
    <Box component="form" ref={errors.ref} noValidate onSubmit={handleSubmit(onSubmit, errors.focusFirstError)} aria-label={isNew ? t('editor.createTitle') : t('editor.tabs.edit')}>
      {/* After a save the editor remounts with the saved values, which ends the guard; while the save
          is in flight the guard is off, so a new question's move to its own address goes through. */}
      <LeaveGuard hasUnsavedWork={formState.isDirty && !isSaving} />
      <Stack spacing={3}>
        {!isEditable && <Alert severity="info">{t('editor.notEditable')}</Alert>}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
          {select('questionType', 'questionBank:editor.kind', QUESTION_TYPES.map((value) => ({ value, label: tk(`${value}.name`) })), !isNew)}
          {select('difficulty', 'questionBank:editor.difficulty', DIFFICULTIES.map((value) => ({ value, label: t(`difficulties.${value}`) })))}
          {select('defaultLanguage', 'questionBank:editor.defaultLanguage', SUPPORTED_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) })))}
          {select('contentType', 'questionBank:editor.contentType', CONTENT_TYPES.map((value) => ({ value, label: t(`contentTypes.${value}`) })))}
          {marks('marks', 'questionBank:editor.marks')}
          {marks('negativeMarks', 'questionBank:editor.negativeMarks')}
          <Box sx={{ gridColumn: { md: 'span 2' } }}>
            <FormAutocompleteField control={control} name="topicIds" label="questionBank:editor.topics" options={topicOptions} isLoading={isTopicsLoading} isDisabled={isDisabled} fullWidth />
          </Box>
          <Box sx={{ gridColumn: { md: 'span 2' } }}>
            <FormTagsField control={control} name="tags" label="questionBank:editor.tags" helperText="questionBank:editor.tagsHelp" isDisabled={isDisabled} fullWidth />
          </Box>
          {SettingsFields && (
            <Suspense fallback={null}>
              <SettingsFields {...kindProps} />
            </Suspense>
          )}
        </Box>
        <Divider />
        {languageColumns}
        {Fields && (
          <>
            <Divider />
            <Suspense fallback={<Box sx={{ minHeight: 56 }} aria-busy="true" />}>
              <Fields {...kindProps} />
            </Suspense>
          </>
        )}
        {hasSolutionField && (
          <FormTextField control={control} name="solution" id="question-solution" label="questionBank:editor.solution" multiline minRows={2} isDisabled={isDisabled} />
        )}
        <Divider />
        {!isNew && currentVersion !== null && <Alert severity="info">{t('editor.versionNotice', { next: currentVersion + 1 })}</Alert>}
        {!isNew && (
          <FormTextField control={control} name="changeNote" id="question-change-note" label="questionBank:editor.changeNote" isDisabled={isDisabled} fullWidth />
        )}
        {hasErrors && (
          <Alert severity="error" role="alert">
            {t('editor.hasErrors')}
          </Alert>
        )}
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          {onPreview && (
            <Button variant="outlined" onClick={() => onPreview(getValues())}>
              {t('editor.preview')}
            </Button>
          )}
          <PendingButton type="submit" variant="contained" disabled={!isEditable} isPending={isSaving} pendingName={isNew ? t('editor.create') : t('editor.save')}>
            {isSaving ? t('editor.saving') : isNew ? t('editor.create') : t('editor.save')}
          </PendingButton>
        </Stack>
      </Stack>
    </Box>
  );
}
