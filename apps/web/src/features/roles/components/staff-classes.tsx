import { CONFIGURABLE_ROLES, type ConfigurableRole, type StaffList, type StaffMember } from '@app/contracts';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { DataTable, type ColumnDef } from '../../../components/data-table/data-table';
import { WorkDialog } from '../../../components/dialogs/work-dialog';
import { useIsChanged } from '../../../hooks/use-is-changed';
import { useAssignClasses, useStaff } from '../api/roles-api';
import { PendingButton } from '../../../components/pending-button';

type Choice = { classId: number; sectionId: number | null };
const keyOf = (c: Choice) => `${c.classId}:${c.sectionId ?? '*'}`;

/** How a teacher's classes read in the list ("11 A, 12"). */
function describeClasses(member: StaffMember, list: StaffList, whole: string): string {
  if (member.classes.length === 0) return whole;
  const institute = list.institutes.find((i) => i.instituteId === member.instituteId);
  return member.classes
    .map((choice) => {
      const cls = institute?.classes.find((c) => c.classId === choice.classId);
      const section = choice.sectionId === null ? null : cls?.sections.find((s) => s.sectionId === choice.sectionId);
      return [cls?.name ?? `#${choice.classId}`, section?.name].filter(Boolean).join(' ');
    })
    .join(', ');
}

/** The teachers in the admin's reach, and a dialog to set the classes (and sections) each teaches. */

/** The staff list holds teachers (server: `TEACHER_ROLES`), whose roles all have a name here; another shows as it is. */
function isConfigurableRole(role: string): role is ConfigurableRole {
  return (CONFIGURABLE_ROLES as readonly string[]).includes(role);
}
export function StaffClasses() {
  const { t } = useTranslation('roles');
  const staff = useStaff();
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const list = staff.data;

  const columns = useMemo<ColumnDef<StaffMember, string>[]>(
    () => [
      { id: 'name', header: t('staffName'), accessorFn: (row) => row.displayName },
      { id: 'role', header: t('staffRole'), accessorFn: (row) => (isConfigurableRole(row.role) ? t(`roles.${row.role}`) : row.role) },
      { id: 'institute', header: t('staffInstitute'), accessorFn: (row) => row.instituteName ?? '' },
      { id: 'classes', header: t('staffClasses'), accessorFn: (row) => (list ? describeClasses(row, list, t('wholeInstitute')) : '') },
    ],
    [t, list],
  );

  return (
    <>
      <DataTable
        label={t('staffLabel')}
        columns={columns}
        rows={list?.staff ?? []}
        getRowId={(row) => String(row.userId)}
        getRowLabel={(row) => row.displayName}
        rowActions={[{ id: 'edit', label: t('editClasses'), icon: <EditIcon />, onClick: setEditing }]}
        isLoading={staff.isPending}
        error={staff.isError ? t('staffLoadFailed') : null}
        onRetry={() => void staff.refetch()}
        emptyText={t('staffEmpty')}
        isSearchable
      />
      {editing && list && <ClassesDialog member={editing} list={list} onClose={() => setEditing(null)} />}
    </>
  );
}

function ClassesDialog({ member, list, onClose }: { member: StaffMember; list: StaffList; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const assign = useAssignClasses();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(member.classes.map(keyOf)));
  const isDirty = useIsChanged([...chosen].sort());
  const institute = list.institutes.find((i) => i.instituteId === member.instituteId);
  const toggle = (choice: Choice) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(keyOf(choice))) next.delete(keyOf(choice));
      else next.add(keyOf(choice));
      return next;
    });
  const handleSave = () => {
    const classes = [...chosen].map((key) => {
      const [classId, sectionId] = key.split(':');
      return { classId: Number(classId), sectionId: sectionId === '*' ? null : Number(sectionId) };
    });
    assign.mutate({ userId: member.userId, classes }, { onSuccess: onClose });
  };

  return (
    <WorkDialog isOpen isDirty={isDirty} onClose={onClose} title={t('classesTitle', { name: member.displayName })}>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('classesIntro')}
        </Typography>
        {!institute || institute.classes.length === 0 ? (
          <Typography>{t('noClasses')}</Typography>
        ) : (
          institute.classes.map((cls) => (
            <FormGroup key={cls.classId} sx={{ mb: 1 }}>
              <FormControlLabel
                control={<Checkbox checked={chosen.has(keyOf({ classId: cls.classId, sectionId: null }))} onChange={() => toggle({ classId: cls.classId, sectionId: null })} />}
                label={t('allSections', { name: cls.name })}
              />
              <FormGroup row sx={{ pl: 4 }}>
                {cls.sections.map((section) => (
                  <FormControlLabel
                    key={section.sectionId}
                    control={
                      <Checkbox
                        checked={chosen.has(keyOf({ classId: cls.classId, sectionId: section.sectionId }))}
                        onChange={() => toggle({ classId: cls.classId, sectionId: section.sectionId })}
                        slotProps={{ input: { 'aria-label': t('classSectionLabel', { className: cls.name, section: t('section', { name: section.name }) }) } }}
                      />
                    }
                    label={t('section', { name: section.name })}
                  />
                ))}
              </FormGroup>
            </FormGroup>
          ))
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <PendingButton isPending={assign.isPending} variant="contained" onClick={handleSave} disabled={assign.isPending}>
          {t('saveClasses')}
        </PendingButton>
      </DialogActions>
    </WorkDialog>
  );
}
