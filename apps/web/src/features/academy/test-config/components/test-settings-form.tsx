import { TestSettingsSchema, type TestSettings, type TestSettingsInput } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../../lib/translation';
import { LeaveGuard } from '../../../../components/dialogs/leave-guard';
import { FormSwitchField } from '../../../../components/form/form-switch-field';
import { FormNumberField } from '../../../../components/form/form-number-field';
import { FormSelectField } from '../../../../components/form/form-select-field';
import { FormTextField } from '../../../../components/form/form-text-field';
import { RichTextEditor } from '../../../../components/rich-text';
import { useCourseOptions, useTopicOptions } from '../api/test-config-api';
import { PendingButton } from '../../../../components/pending-button';

type Form = TestSettingsInput;

/**
 * A test's settings (spec 001 §3, §6). Once students have taken the test, its type, course,
 * duration and section timing are locked (the server refuses them too).
 */
export function TestSettingsForm({
  settings,
  isLocked,
  isReadOnly,
  isSaving,
  focusSave = false,
  onSave,
}: {
  settings: TestSettings;
  isLocked: boolean;
  isReadOnly: boolean;
  isSaving: boolean;
  /** Focus on Save at mount: the form is mounted afresh with what a save just stored, and keyboard focus stays where it was. */
  focusSave?: boolean;
  onSave: (settings: TestSettings) => void;
}) {
  const { t } = useTranslation('testConfig');
  const { control, handleSubmit, setValue, formState } = useForm<Form, unknown, TestSettings>({ resolver: zodResolver(TestSettingsSchema), defaultValues: settings });
  const courseId = useWatch({ control, name: 'courseId' });
  const topicId = useWatch({ control, name: 'topicId' });
  const courses = useCourseOptions();
  const topics = useTopicOptions(Number(courseId) || undefined);
  // Another course: its first topic, since a test's topic belongs to its course.
  useEffect(() => {
    const list = topics.data?.topics;
    if (list?.length && !list.some((topic) => topic.topicID === Number(topicId))) setValue('topicId', list[0]!.topicID);
  }, [topics.data, topicId, setValue]);
  const courseOptions = (courses.data ?? []).map((c) => ({ value: c.courseID, label: c.courseName }));
  if (!courseOptions.some((o) => o.value === settings.courseId)) courseOptions.push({ value: settings.courseId, label: `#${settings.courseId}` });
  const topicOptions = (topics.data?.topics ?? []).map((topic) => ({ value: topic.topicID, label: topic.topicName }));
  const disabled = isReadOnly;
  const locked = isReadOnly || isLocked;

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate aria-label={t('settingsTitle')}>
      {/* A save remounts the form with the saved settings (its key), which ends the guard. */}
      <LeaveGuard hasUnsavedWork={formState.isDirty && !isSaving} />
      <Stack spacing={3}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField control={control} name="name" label="testConfig:name" isRequired isDisabled={disabled} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <FormSelectField
              control={control}
              name="testType"
              label="testConfig:testType"
              options={[
                { value: 'test', label: t('graded') },
                { value: 'practice', label: t('practice') },
              ]}
              isDisabled={locked}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <FormNumberField control={control} name="durationMinutes" label="testConfig:durationMinutes" helperText="testConfig:durationHelp" min={0} max={1440} isDisabled={locked} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelectField control={control} name="courseId" label="testConfig:course" options={courseOptions} isDisabled={locked} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormSelectField
              control={control}
              name="topicId"
              label="testConfig:topic"
              options={topicOptions.length ? topicOptions : [{ value: settings.topicId, label: `#${settings.topicId}` }]}
              isDisabled={disabled}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="instructionsEn"
              render={({ field }) => <RichTextEditor id="test-instructions-en" label={t('instructionsEn')} value={field.value ?? ''} onChange={field.onChange} disabled={disabled} lang="en" />}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              control={control}
              name="instructionsTn"
              render={({ field }) => <RichTextEditor id="test-instructions-tn" label={t('instructionsTn')} value={field.value ?? ''} onChange={field.onChange} disabled={disabled} lang="ta" />}
            />
          </Grid>
        </Grid>

        <section aria-labelledby="tc-navigation">
          <Typography id="tc-navigation" variant="subtitle1" component="h3" gutterBottom>
            {t('navigationTitle')}
          </Typography>
          <Grid container spacing={1}>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSwitchField control={control} name="questionSwitch" label="testConfig:questionSwitch" values={{ on: 1, off: 0 }} isDisabled={disabled} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSwitchField control={control} name="isSectionNavigationAllowed" label="testConfig:isSectionNavigationAllowed" isDisabled={disabled} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSwitchField control={control} name="mandatory" label="testConfig:mandatory" isDisabled={disabled} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSwitchField control={control} name="sectionWiseTimer" label="testConfig:sectionWiseTimer" isDisabled={locked} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSwitchField control={control} name="shuffle" label="testConfig:shuffle" isDisabled={disabled} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSelectField
                control={control}
                name="questionDisplayType"
                label="testConfig:questionDisplayType"
                options={[
                  { value: 'vertical', label: t('vertical') },
                  { value: 'horizontal', label: t('horizontal') },
                ]}
                isDisabled={disabled}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSwitchField
                control={control}
                name="englishAuthoritative"
                label="testConfig:englishAuthoritative"
                helperText="testConfig:englishAuthoritativeHelp"
               
                isDisabled={disabled}
              />
            </Grid>
          </Grid>
        </section>

        <section aria-labelledby="tc-proctoring">
          <Typography id="tc-proctoring" variant="subtitle1" component="h3" gutterBottom>
            {t('proctoringTitle')}
          </Typography>
          <Grid container spacing={1}>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSwitchField control={control} name="isEditorAllowed" label="testConfig:isEditorAllowed" isDisabled={disabled} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormSwitchField control={control} name="isCameraAllowed" label="testConfig:isCameraAllowed" isDisabled={disabled} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              {/* The spec's IsTabAlertAllowed: 0 turns monitoring on. */}
              <FormSwitchField control={control} name="isTabAlertAllowed" label="testConfig:tabMonitoring" values={{ on: 0, off: 1 }} isDisabled={disabled} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <FormNumberField control={control} name="warnings" label="testConfig:warnings" min={0} max={100} isDisabled={disabled} fullWidth />
            </Grid>
          </Grid>
        </section>

        <section aria-labelledby="tc-results">
          <Typography id="tc-results" variant="subtitle1" component="h3" gutterBottom>
            {t('resultsTitle')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <FormNumberField control={control} name="attemptsAllowed" label="testConfig:attemptsAllowed" min={1} max={100} isDisabled={disabled} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <FormNumberField control={control} name="partialSubmitMinutes" label="testConfig:partialSubmitMinutes" min={0} max={1440} isDisabled={disabled} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <FormSelectField
                control={control}
                name="showAnswers"
                label="testConfig:showAnswers"
                options={[
                  { value: 'never', label: t('showNever') },
                  { value: 'afterSubmit', label: t('showAfterSubmit') },
                  { value: 'afterWindow', label: t('showAfterWindow') },
                ]}
                isDisabled={disabled}
                fullWidth
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <FormSwitchField control={control} name="scoreVisible" label="testConfig:scoreVisible" isDisabled={disabled} />
            </Grid>
          </Grid>
        </section>
        {!isReadOnly && (
          <div>
            <PendingButton type="submit" variant="contained" isPending={isSaving} autoFocus={focusSave}>
              {t('saveSettings')}
            </PendingButton>
          </div>
        )}
      </Stack>
    </form>
  );
}
