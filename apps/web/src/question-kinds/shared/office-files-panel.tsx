import { officeClientRoutes, type OfficeEvaluation } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { Controller, type Control, type UseFormSetValue, type UseFormGetValues } from 'react-hook-form';
import { useTranslation } from '../../lib/translation';
import { callApi } from '../../lib/api-client';
import type { QuestionFormValues } from './form-values';

type OfficeKind = 'xlsx' | 'docx' | 'pptx';
const ACCEPT: Record<OfficeKind, string> = {
  xlsx: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: '.pptx,application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

function uploadQuestionFile(kind: OfficeKind, purpose: 'start' | 'solution', file: File) {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return callApi(officeClientRoutes.questionFile, { query: { kind, purpose }, formData });
}

/**
 * An office question's files: the start file the student gets, the solution file, and the rubric
 * (what is compared), drafted from the solution and editable; a saved question's solution can be
 * evaluated against itself, which a sound rubric scores 100.
 */
export function OfficeFilesPanel({
  kind,
  questionId,
  control,
  setValue,
  getValues,
  isDisabled,
}: {
  kind: OfficeKind;
  questionId: number | null;
  control: Control<QuestionFormValues>;
  setValue: UseFormSetValue<QuestionFormValues>;
  getValues: UseFormGetValues<QuestionFormValues>;
  isDisabled: boolean;
}) {
  const { t } = useTranslation('questionBank');
  const startInput = useRef<HTMLInputElement>(null);
  const solutionInput = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: ({ purpose, file }: { purpose: 'start' | 'solution'; file: File }) => uploadQuestionFile(kind, purpose, file),
    onSuccess: (result, { purpose }) => {
      if (purpose === 'start') setValue('startFileUrl', result.fileKey, { shouldDirty: true });
      else {
        setValue('solution', result.fileKey, { shouldDirty: true });
        if (result.rubric) setValue('rubric', result.rubric, { shouldDirty: true });
      }
    },
  });
  const check = useMutation({
    mutationFn: (): Promise<OfficeEvaluation> =>
      callApi(officeClientRoutes.checkQuestion, { body: { questionId: questionId!, rubric: getValues('rubric') || undefined } }),
  });
  const chooser = (purpose: 'start' | 'solution', input: React.RefObject<HTMLInputElement | null>) => (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPT[kind]}
        aria-label={t(purpose === 'start' ? 'editor.uploadStartFile' : 'editor.uploadSolutionFile')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) upload.mutate({ purpose, file });
        }}
      />
      <Button variant="outlined" disabled={isDisabled || upload.isPending} onClick={() => input.current?.click()}>
        {t(purpose === 'start' ? 'editor.uploadStartFile' : 'editor.uploadSolutionFile')}
      </Button>
    </>
  );
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Controller control={control} name="startFileUrl" render={({ field }) => <TextField {...field} id="question-start-file" label={t('editor.startFileUrl')} disabled={isDisabled} fullWidth />} />
        {chooser('start', startInput)}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Controller control={control} name="solution" render={({ field }) => <TextField {...field} id="question-solution-file" label={t('editor.solutionFile')} disabled={isDisabled} fullWidth />} />
        {chooser('solution', solutionInput)}
      </Stack>
      {upload.error && <Alert severity="error">{(upload.error as Error).message}</Alert>}
      <Controller
        control={control}
        name="rubric"
        render={({ field }) => <TextField {...field} id="question-office-rubric" label={t('editor.officeRubric')} helperText={t('editor.officeRubricHelp')} multiline minRows={4} disabled={isDisabled} slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }} />}
      />
      <Box>
        <Button variant="outlined" disabled={questionId === null || check.isPending} onClick={() => check.mutate()}>
          {t('editor.checkSolution')}
        </Button>
        {questionId === null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('editor.checkSolutionAfterSave')}
          </Typography>
        )}
      </Box>
      <Box aria-live="polite">
        {check.data && (
          <Alert severity={check.data.percentage === 100 ? 'success' : 'warning'} data-testid="office-self-check">
            {t('editor.checkSolutionResult', { percentage: check.data.percentage.toFixed(2) })}
            {check.data.unmatched.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {check.data.unmatched.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        {check.error && <Alert severity="error">{(check.error as Error).message}</Alert>}
      </Box>
    </Stack>
  );
}
