import { CALIBRATION_MIN_RESPONSES_DEFAULT, CALIBRATION_MIN_RESPONSES_LOWEST, IRT_MODELS, StartCalibrationBodySchema, type IrtModel, type StartCalibrationBody } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PendingButton } from '../../../components/pending-button';

const MIN_RESPONSES_HIGHEST = 100_000;
const minResponsesSchema = StartCalibrationBodySchema.shape.minResponses;

export interface CalibrationStartFormProps {
  isPending: boolean;
  /** The API's message when the start was refused (the envelope's message). */
  error: string | null;
  onStart: (body: Omit<StartCalibrationBody, 'instituteId'>) => void;
}

/** "Calibrate now": the model and the minimum responses an item needs for estimates. */
export function CalibrationStartForm({ isPending, error, onStart }: CalibrationStartFormProps) {
  const { t } = useTranslation('psychometrics');
  const headingId = useId();
  const [model, setModel] = useState<IrtModel>('2pl');
  const [minResponses, setMinResponses] = useState(String(CALIBRATION_MIN_RESPONSES_DEFAULT));
  const parsed = minResponsesSchema.safeParse(/^\d+$/.test(minResponses.trim()) ? Number(minResponses) : Number.NaN);
  const [isTouched, setIsTouched] = useState(false);
  const bounds = { min: CALIBRATION_MIN_RESPONSES_LOWEST, max: MIN_RESPONSES_HIGHEST.toLocaleString() };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (!parsed.success) return;
    onStart({ model, minResponses: parsed.data });
  };

  const isInvalid = isTouched && !parsed.success;
  return (
    <Box component="form" noValidate aria-labelledby={headingId} onSubmit={handleSubmit}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('startTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr) auto' }, alignItems: 'start' }}>
        <TextField select size="small" label={t('model')} value={model} onChange={(event) => setModel(event.target.value as IrtModel)}>
          {IRT_MODELS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`models.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('minResponses')}
          value={minResponses}
          onChange={(event) => setMinResponses(event.target.value)}
          onBlur={() => setIsTouched(true)}
          error={isInvalid}
          helperText={isInvalid ? t('minResponsesInvalid', bounds) : t('minResponsesHint', bounds)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          required
        />
        <PendingButton type="submit" variant="contained" isPending={isPending} sx={{ minHeight: 40 }}>
          {t('start')}
        </PendingButton>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
