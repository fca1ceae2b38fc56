import type { GroupFigures } from '@app/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useTranslation } from '../../../../lib/translation';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { paths, parseRouteId } from '../../../../config/paths';
import { importOrReload } from '../../../../lib/stale-chunk';
import { useInstitutionReport, useStudentCourseDashboard } from '../api/family-reports-api';
import { ChartSlot, DashboardLoading, FiguresTable, Section } from '../../shared/components/student-dashboard';
import { SubjectDashboardBody } from '../../shared/components/subject-dashboard-body';

const AccuracyChart = lazy(async () => ({ default: (await importOrReload(() => import('../../shared/components/dashboard-charts'))).AccuracyChart }));

const percent = (value: number) => `${value} %`;

/** The measures' column heads and cells, after the group's own name. */
function useMeasures() {
  const { t } = useTranslation('familyReports');
  return {
    head: [t('institution.attempts'), t('institution.mean'), t('institution.top'), t('institution.participants'), t('institution.participation')],
    cells: (g: GroupFigures) => [g.attempts, percent(g.meanPercentage), percent(g.topPercentage), `${g.participants} / ${g.students}`, percent(g.participation)],
  };
}

/** /reports: the institute's courses, classes and tests; `?classId=` lists a class, `?taskId=` a test's subjects. */
export function InstitutionReports() {
  const { t } = useTranslation('familyReports');
  const [params] = useSearchParams();
  const classId = parseRouteId(params.get('classId') ?? undefined) ?? undefined;
  const taskId = parseRouteId(params.get('taskId') ?? undefined) ?? undefined;
  const report = useInstitutionReport({ ...(classId ? { classId } : {}), ...(taskId ? { taskId } : {}) });
  const measures = useMeasures();
  const hrefWith = (change: Record<string, number | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, String(value));
    }
    const query = next.toString();
    return `${paths.institution.reports.getHref()}${query ? `?${query}` : ''}`;
  };
  const body = () => {
    if (report.isLoading) return <DashboardLoading />;
    if (report.error) return <Alert severity="error">{(report.error as Error).message}</Alert>;
    const data = report.data!;
    return (
      <>
        <Typography color="text.secondary">{t('institution.intro', { institute: data.instituteName })}</Typography>
        <Section title={t('institution.overall')} testId="institution-overall">
          <FiguresTable caption={t('institution.overall')} head={[t('institution.overall'), ...measures.head]} rows={[[data.instituteName, ...measures.cells(data.overall)]]} />
        </Section>

        {data.selectedClass && (
          <Section title={t('institution.classStudents', { name: data.selectedClass.className })} testId="institution-class">
            <Link component={RouterLink} to={hrefWith({ classId: null })}>
              {t('institution.close')}
            </Link>
            <FiguresTable
              caption={t('institution.classStudents', { name: data.selectedClass.className })}
              head={[t('institution.student'), t('institution.testsTaken'), t('institution.mean'), t('institution.last')]}
              rows={data.selectedClass.students.map((s) => [
                s.courseId ? (
                  <Link
                    key={s.studentId}
                    component={RouterLink}
                    to={paths.institution.subjectDashboard.getHref({ CourseID: s.courseId, UserID: s.studentId })}
                    aria-label={t('institution.openStudent', { name: s.displayName })}
                  >
                    {s.displayName}
                  </Link>
                ) : (
                  s.displayName
                ),
                s.tests,
                s.tests ? percent(s.meanPercentage) : t('institution.noTestsYet'),
                s.lastPercentage === null ? t('institution.noTestsYet') : percent(s.lastPercentage),
              ])}
            />
          </Section>
        )}

        {data.selectedTest && (
          <Section title={t('institution.testSubjects', { name: data.selectedTest.taskName })} testId="institution-test">
            <Link component={RouterLink} to={hrefWith({ taskId: null })}>
              {t('institution.close')}
            </Link>
            <FiguresTable
              caption={t('institution.testSubjects', { name: data.selectedTest.taskName })}
              head={[t('institution.subject'), t('institution.questions'), t('institution.correct'), t('institution.accuracy')]}
              rows={data.selectedTest.subjects.map((s) => [s.subject, s.questions, s.correct, percent(s.accuracy)])}
            />
          </Section>
        )}

        <Section title={t('institution.subjects')} testId="institution-subjects">
          {data.subjects.length === 0 ? (
            <Typography color="text.secondary">{t('institution.none')}</Typography>
          ) : (
            <>
              <ChartSlot>
                <AccuracyChart rows={data.subjects.map((s) => ({ name: s.subject, accuracy: s.accuracy }))} />
              </ChartSlot>
              <FiguresTable
                caption={t('institution.subjects')}
                head={[t('institution.subject'), t('institution.questions'), t('institution.correct'), t('institution.accuracy')]}
                rows={data.subjects.map((s) => [s.subject, s.questions, s.correct, percent(s.accuracy)])}
              />
            </>
          )}
        </Section>

        <Section title={t('institution.classes')} testId="institution-classes">
          <FiguresTable
            caption={t('institution.classes')}
            head={[t('institution.class'), ...measures.head]}
            rows={data.classes.map((c) => [
              c.classId === null ? (
                t('institution.noClass')
              ) : (
                <Link key={c.classId} component={RouterLink} to={hrefWith({ classId: c.classId })} aria-label={t('institution.openClass', { name: c.className })}>
                  {c.className}
                </Link>
              ),
              ...measures.cells(c),
            ])}
          />
        </Section>

        <Section title={t('institution.tests')} testId="institution-tests">
          {data.tests.length === 0 ? (
            <Typography color="text.secondary">{t('institution.none')}</Typography>
          ) : (
            <FiguresTable
              caption={t('institution.tests')}
              head={[t('institution.test'), t('institution.course'), ...measures.head]}
              rows={data.tests.map((x) => [
                <Link key={x.taskId} component={RouterLink} to={hrefWith({ taskId: x.taskId })} aria-label={t('institution.openTest', { name: x.taskName })}>
                  {x.taskName}
                </Link>,
                x.courseName,
                ...measures.cells(x),
              ])}
            />
          )}
        </Section>

        <Section title={t('institution.courses')} testId="institution-courses">
          {data.courses.length === 0 ? (
            <Typography color="text.secondary">{t('institution.none')}</Typography>
          ) : (
            <FiguresTable caption={t('institution.courses')} head={[t('institution.course'), ...measures.head]} rows={data.courses.map((c) => [c.courseName, ...measures.cells(c)])} />
          )}
        </Section>
      </>
    );
  };
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        {t('institution.title')}
      </Typography>
      {body()}
    </Box>
  );
}

/** /reports/subject-dashboard/{CourseID}/{UserID}: one student's subject dashboard in a course, read only. */
export function InstitutionSubjectDashboard() {
  const { t } = useTranslation('familyReports');
  const params = useParams();
  const courseId = parseRouteId(params.CourseID);
  const userId = parseRouteId(params.UserID);
  const dashboard = useStudentCourseDashboard(userId, courseId);
  const back = (
    <Link component={RouterLink} to={paths.institution.reports.getHref()}>
      {t('institution.backToReports')}
    </Link>
  );
  if (courseId === null || userId === null) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h4" component="h1">
          {t('institution.title')}
        </Typography>
        {back}
        <Alert severity="error">{t('institution.none')}</Alert>
      </Box>
    );
  }
  if (dashboard.isLoading) return <DashboardLoading />;
  const data = dashboard.data;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        {data ? t('institution.studentTitle', { name: data.displayName }) : t('institution.title')}
      </Typography>
      {back}
      {dashboard.error ? (
        <Alert severity="error">{(dashboard.error as Error).message}</Alert>
      ) : (
        <>
          <Typography>{t('institution.courseLine', { course: data!.courseName })}</Typography>
          <SubjectDashboardBody data={data!} studyLinks={false} isOwn={false} />
        </>
      )}
    </Box>
  );
}
