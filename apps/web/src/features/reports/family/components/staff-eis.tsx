import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { useStudentChoices } from '../api/family-reports-api';
import { EffortView } from './effort-dashboard';

interface StudentChoice {
  id: number;
  label: string;
}

/** /eis-dashboard for teachers and admins: one student of their classes, effort against results, read only. */
export function StaffEisDashboard() {
  const { t } = useTranslation('familyReports');
  const [input, setInput] = useState('');
  const search = useDeferredValue(input.trim());
  const [chosen, setChosen] = useState<StudentChoice | null>(null);
  const students = useStudentChoices(search);
  const options: StudentChoice[] = (students.data?.items ?? []).map((s) => ({
    id: s.id,
    label: [`${s.firstName} ${s.lastName}`.trim(), s.username, s.className && s.sectionName ? `${s.className} ${s.sectionName}` : s.className]
      .filter(Boolean)
      .join(' · '),
  }));
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        {t('effort.title')}
      </Typography>
      <Typography color="text.secondary">{t('effort.staffIntro')}</Typography>
      <Autocomplete
        options={options}
        value={chosen}
        onChange={(_event, value) => setChosen(value)}
        inputValue={input}
        onInputChange={(_event, value) => setInput(value)}
        filterOptions={(all) => all}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={students.isFetching}
        noOptionsText={t('effort.noStudents')}
        sx={{ maxWidth: 480 }}
        renderInput={(params) => <TextField {...params} label={t('effort.student')} />}
      />
      {students.error && <Alert severity="error">{(students.error as Error).message}</Alert>}
      {chosen ? <EffortView key={chosen.id} studentId={chosen.id} /> : <Typography>{t('effort.pickStudent')}</Typography>}
    </Box>
  );
}
