import type { Label } from '@app/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PendingButton } from '../pending-button';

/**
 * Cancel and submit at the foot of a workspace form. Submit is enabled only when the form has
 * changed, is valid and is not being sent (spec 000 §5).
 */
export function FormActions({
  cancelText,
  submitText,
  isDirty,
  isValid,
  isSubmitting,
  onCancel,
}: {
  cancelText: string;
  submitText: string;
  isDirty: boolean;
  isValid: boolean;
  isSubmitting: boolean;
  onCancel: () => void;
}) {
  return (
    <Stack direction="row" spacing={1} justifyContent="flex-end">
      <Button onClick={onCancel}>{cancelText}</Button>
      <PendingButton isPending={isSubmitting} type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
        {submitText}
      </PendingButton>
    </Stack>
  );
}

/** The props every workspace item form takes; the dialogs around it decide the rest. */
export interface ItemFormProps<Values> {
  defaultValues: Values;
  labels: Label[];
  submitText: string;
  onSubmit: (values: Values) => void;
  onCancel: () => void;
  isSubmitting: boolean;
}
