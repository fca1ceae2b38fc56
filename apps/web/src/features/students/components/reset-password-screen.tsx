import { PASSWORD_MIN_LENGTH, type StudentRow } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { PageCard } from '../../../components/layout/page-card';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useResetStudentPassword, useStudentList } from '../api/students-api';
import { PendingButton } from '../../../components/pending-button';

const nameOf = (row: StudentRow) => `${row.firstName} ${row.lastName}`.trim() || row.username;

/** /resetstudentpassword: find a student in scope, then send a reset link or set a temporary password. */
export function ResetStudentPasswordScreen() {
  const { t } = useTranslation('students');
  const { t: tMessages } = useTranslation('messages');
  const modeId = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const [student, setStudent] = useState<StudentRow | null>(null);
  const [mode, setMode] = useState<'link' | 'temporary'>('link');
  const [password, setPassword] = useState('');
  const list = useStudentList({ search: debounced.trim() || undefined, status: 'all', pageSize: 20, sortBy: 'name', sortDir: 'asc' });
  const reset = useResetStudentPassword();
  const isTooShort = mode === 'temporary' && password.length < PASSWORD_MIN_LENGTH;

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!student || isTooShort) return;
    reset.mutate(
      mode === 'link' ? { id: student.id, mode } : { id: student.id, mode, temporaryPassword: password },
      { onSuccess: () => setPassword('') },
    );
  };

  return (
    <PageCard title={t('resetTitle')}>
      <Stack component="form" spacing={3} noValidate onSubmit={handleSubmit} sx={{ maxWidth: 560 }}>
        <Autocomplete
          options={list.data?.items ?? []}
          value={student}
          onChange={(_event, value) => setStudent(value)}
          inputValue={search}
          onInputChange={(_event, value) => setSearch(value)}
          getOptionLabel={(row) => `${nameOf(row)} (${row.username})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(options) => options}
          loading={list.isFetching}
          renderInput={(params) => <TextField {...params} label={t('findStudent')} helperText={t('findHint')} autoFocus />}
        />
        {!student ? (
          <Typography color="text.secondary">{t('chooseStudent')}</Typography>
        ) : (
          <>
            <Stack spacing={1}>
              <FormLabel id={modeId}>{nameOf(student)}</FormLabel>
              <RadioGroup aria-labelledby={modeId} value={mode} onChange={(event) => setMode(event.target.value as 'link' | 'temporary')}>
                <FormControlLabel value="link" control={<Radio />} label={`${t('sendLink')} — ${t('sendLinkHint')}`} />
                <FormControlLabel value="temporary" control={<Radio />} label={`${t('temporary')} — ${t('temporaryHint')}`} />
              </RadioGroup>
            </Stack>
            {mode === 'temporary' && (
              <TextField
                label={t('temporaryPassword')}
                type="text"
                autoComplete="off"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={password.length > 0 && isTooShort}
                helperText={password.length > 0 && isTooShort ? tMessages('passwordTooShort') : undefined}
                required
              />
            )}
            <Alert severity="info">{t('signedOutNote')}</Alert>
            <PendingButton isPending={reset.isPending} type="submit" variant="contained" disabled={isTooShort || reset.isPending}>
              {t('reset')}
            </PendingButton>
          </>
        )}
      </Stack>
    </PageCard>
  );
}
