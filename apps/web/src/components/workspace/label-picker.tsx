import type { Label } from '@app/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../lib/translation';

/** Picks any of the student's labels for an item; the value is the list of label ids. */
export function LabelPicker({
  labels,
  value,
  onChange,
  size = 'small',
}: {
  labels: Label[];
  value: number[];
  onChange: (ids: number[]) => void;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('workspace');
  const selected = labels.filter((label) => value.includes(label.id));
  return (
    <Autocomplete
      multiple
      size={size}
      options={labels}
      value={selected}
      getOptionLabel={(label) => label.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => onChange(chosen.map((label) => label.id))}
      noOptionsText={t('noLabels')}
      renderValue={(chosen, getItemProps) =>
        chosen.map((label, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={label.name} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={t('labels')} />}
    />
  );
}
