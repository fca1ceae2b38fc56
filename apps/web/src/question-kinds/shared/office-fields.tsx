import type { OfficeKind } from '@app/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/translation';
import type { KindFieldsProps } from '../kind';
import { OfficeFilesPanel } from './office-files-panel';

/** An office question's section of the editor: its files and rubric. */
export function OfficeFields({ kind, control, setValue, getValues, isDisabled, questionId }: KindFieldsProps & { kind: OfficeKind }) {
  const { t } = useTranslation('questionBank');
  return (
    <Stack spacing={2} component="section" aria-labelledby="question-office-heading">
      <Typography id="question-office-heading" variant="subtitle1" component="h2">
        {t('editor.office')}
      </Typography>
      <OfficeFilesPanel kind={kind} questionId={questionId} control={control} setValue={setValue} getValues={getValues} isDisabled={isDisabled} />
    </Stack>
  );
}
