import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../lib/translation';
import { usePlaces } from '../api/students-api';
import { DEFAULT_STUDENT_FILTERS, type StudentFilters } from '../model/student-filters';

/** Institute, class, section and status filters; each change goes back to the first page. */
export function StudentFiltersBar({ filters, onChange }: { filters: StudentFilters; onChange: (change: Partial<StudentFilters>) => void }) {
  const { t } = useTranslation('students');
  const places = usePlaces(filters.instituteId, filters.classId);
  const idOf = (value: string) => (value === '' ? null : Number(value));
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} role="group" aria-label={t('filters')}>
      <TextField select size="small" label={t('institute')} value={filters.instituteId ?? ''} onChange={(e) => onChange({ instituteId: idOf(e.target.value) })} sx={{ minWidth: 180 }}>
        <MenuItem value="">{t('all')}</MenuItem>
        {places.institutes.map((i) => (
          <MenuItem key={i.id} value={i.id}>
            {i.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('class')} value={filters.classId ?? ''} onChange={(e) => onChange({ classId: idOf(e.target.value) })} disabled={!filters.instituteId} sx={{ minWidth: 120 }}>
        <MenuItem value="">{t('all')}</MenuItem>
        {places.classes.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('section')} value={filters.sectionId ?? ''} onChange={(e) => onChange({ sectionId: idOf(e.target.value) })} disabled={!filters.classId} sx={{ minWidth: 120 }}>
        <MenuItem value="">{t('all')}</MenuItem>
        {places.sections.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={t('status')} value={filters.status} onChange={(e) => onChange({ status: e.target.value as StudentFilters['status'] })} sx={{ minWidth: 150 }}>
        <MenuItem value="active">{t('active')}</MenuItem>
        <MenuItem value="deactivated">{t('deactivated')}</MenuItem>
        <MenuItem value="all">{t('all')}</MenuItem>
      </TextField>
      <Button
        onClick={() =>
          onChange({ instituteId: DEFAULT_STUDENT_FILTERS.instituteId, classId: null, sectionId: null, status: DEFAULT_STUDENT_FILTERS.status })
        }
      >
        {t('clearFilters')}
      </Button>
    </Stack>
  );
}
