import type { MatrixQuery, ReportMatrix } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { useNotify } from '../../../../hooks/use-notify';
import { downloadMatrix, useMatrixOptions, useReportMatrix } from '../api/staff-reports-api';
import { nextSort, sortMatrixRows, type MatrixSort, type MatrixSortKey } from '../model/matrix-sort';

type Choice = number | null;
const toChoice = (value: string): Choice => (value === '' ? null : Number(value));

/** The Comprehensive tab: students × tests of a class or section, sortable by any column, exportable. */
export function ReportMatrixScreen() {
  const { t } = useTranslation('staffReports');
  const notify = useNotify();
  const options = useMatrixOptions();
  const [classId, setClassId] = useState<Choice>(null);
  const [sectionId, setSectionId] = useState<Choice>(null);
  const [courseId, setCourseId] = useState<Choice>(null);
  const [sort, setSort] = useState<MatrixSort>({ key: 'name', direction: 'asc' });
  const [isExporting, setIsExporting] = useState(false);

  const classes = options.data?.classes ?? [];
  // The only class is chosen for the teacher.
  const chosenClass = classId ?? (classes.length === 1 ? classes[0]!.id : null);
  const sections = classes.find((c) => c.id === chosenClass)?.sections ?? [];
  const query: MatrixQuery | null =
    chosenClass === null ? null : { classId: chosenClass, ...(sectionId !== null ? { sectionId } : {}), ...(courseId !== null ? { courseId } : {}) };
  const matrix = useReportMatrix(query);
  const rows = useMemo(() => (matrix.data ? sortMatrixRows(matrix.data, sort) : []), [matrix.data, sort]);

  const handleExport = async (format: 'csv' | 'xlsx') => {
    if (!query) return;
    setIsExporting(true);
    try {
      await downloadMatrix({ ...query, format, sort: sort.key, direction: sort.direction });
    } catch (error) {
      notify.apiError(error);
    } finally {
      setIsExporting(false);
    }
  };

  const select = (label: string, value: Choice, onChange: (value: Choice) => void, choices: Array<{ id: number; name: string }>, allLabel: string | null, testId: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(toChoice(event.target.value))}
      sx={{ minWidth: 180 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {allLabel !== null && <MenuItem value="">{allLabel}</MenuItem>}
      {choices.map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );

  const header = (key: MatrixSortKey, label: string, align: 'left' | 'right' = 'left') => (
    <TableCell key={key} scope="col" align={align} aria-sort={sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} sx={{ whiteSpace: 'nowrap' }}>
      <TableSortLabel active={sort.key === key} direction={sort.key === key ? sort.direction : 'asc'} onClick={() => setSort(nextSort(sort, key))}>
        {label}
      </TableSortLabel>
    </TableCell>
  );

  const table = (data: ReportMatrix) => (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }} tabIndex={0} role="region" aria-label={t('matrix.regionLabel')} data-testid="report-matrix">
      <Table size="small" aria-label={t('matrix.tableLabel')}>
        <TableHead>
          <TableRow>
            {header('name', t('matrix.student'))}
            {data.tests.map((test) => header(`task:${test.taskId}`, `${test.taskName} (${t('matrix.outOf', { total: test.total })})`, 'right'))}
            {header('average', t('matrix.average'), 'right')}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.userId}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {row.displayName}
                <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {[row.username, row.sectionName].filter(Boolean).join(' · ')}
                </Typography>
              </TableCell>
              {row.scores.map((score, i) => (
                <TableCell key={data.tests[i]!.taskId} align="right">
                  {score === null ? <span aria-label={t('matrix.notTaken')}>–</span> : score}
                </TableCell>
              ))}
              <TableCell align="right">{row.average ?? '–'}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {t('matrix.classMean')}
            </TableCell>
            {data.tests.map((test) => (
              <TableCell key={test.taskId} align="right" sx={{ fontWeight: 600 }}>
                {test.mean ?? '–'}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );

  return (
    <Stack spacing={2}>
      {options.isError && <Alert severity="error">{t('matrix.loadFailed')}</Alert>}
      {options.data && classes.length === 0 && <Alert severity="info">{t('matrix.noClasses')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
        {select(
          t('matrix.class'),
          chosenClass,
          (value) => {
            setClassId(value);
            setSectionId(null);
          },
          classes.map((c) => ({ id: c.id, name: classes.some((o) => o.id !== c.id && o.name === c.name) ? `${c.name} · ${c.instituteName}` : c.name })),
          null,
          'matrix-class',
        )}
        {select(t('matrix.section'), sectionId, setSectionId, sections, t('matrix.allSections'), 'matrix-section')}
        {select(t('matrix.course'), courseId, setCourseId, options.data?.courses ?? [], t('matrix.allCourses'), 'matrix-course')}
        <Button variant="outlined" disabled={!matrix.data || isExporting} onClick={() => void handleExport('csv')}>
          {t('matrix.exportCsv')}
        </Button>
        <Button variant="outlined" disabled={!matrix.data || isExporting} onClick={() => void handleExport('xlsx')}>
          {t('matrix.exportXlsx')}
        </Button>
      </Stack>
      {(options.isPending || matrix.isFetching) && <LinearProgress aria-label={t('matrix.pageTitle')} />}
      {chosenClass === null && classes.length > 0 && <Typography color="text.secondary">{t('matrix.pickClass')}</Typography>}
      {matrix.isError && <Alert severity="error">{t('matrix.loadFailed')}</Alert>}
      {matrix.data && matrix.data.students.length === 0 && <Typography color="text.secondary">{t('matrix.noStudents')}</Typography>}
      {matrix.data && matrix.data.students.length > 0 && matrix.data.tests.length === 0 && <Typography color="text.secondary">{t('matrix.noTests')}</Typography>}
      {matrix.data && matrix.data.students.length > 0 && table(matrix.data)}
    </Stack>
  );
}
