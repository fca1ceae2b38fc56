import type { Resource } from '@app/contracts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../../lib/translation';
import { useResources } from '../api/manage-api';

/** Picks an uploaded file of one kind for a lesson; hidden when there are none or the role may not list them. */
export function ResourcePicker({ kind, value, onChange }: { kind: Resource['kind']; value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation('academy');
  const resources = useResources();
  const options = (resources.data ?? []).filter((resource) => resource.kind === kind);
  if (options.length === 0) return null;
  const selected = options.some((resource) => resource.url === value) ? value : '';
  return (
    <TextField select label={t('resources.pick')} value={selected} onChange={(event) => onChange(event.target.value)}>
      <MenuItem value="">{t('resources.pickNone')}</MenuItem>
      {options.map((resource) => (
        <MenuItem key={resource.fileId} value={resource.url}>
          {resource.fileName}
        </MenuItem>
      ))}
    </TextField>
  );
}
