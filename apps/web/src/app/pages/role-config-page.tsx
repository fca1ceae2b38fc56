import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { PageCard } from '../../components/layout/page-card';
import { AuditLog } from '../../features/audit';
import { RolePermissions, StaffClasses } from '../../features/roles';

const SECTIONS = ['permissions', 'classes', 'audit'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * Role Configuration (spec 000 §2 /roleconfig): the permission matrix, the classes staff teach
 * and the audit log, one per tab; the tab is in the address (`?tab=audit`).
 */
export function RoleConfigPage() {
  const { t } = useTranslation('roles');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const section: Section = (SECTIONS as readonly string[]).includes(asked ?? '') ? (asked as Section) : 'permissions';
  const labels: Record<Section, string> = { permissions: t('sectionPermissions'), classes: t('sectionClasses'), audit: t('sectionAudit') };
  return (
    <PageCard title={t('title')}>
      <Tabs
        value={section}
        onChange={(_, next: Section) => setParams(next === 'permissions' ? {} : { tab: next }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('title')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {SECTIONS.map((value) => (
          <Tab key={value} value={value} label={labels[value]} id={`roleconfig-tab-${value}`} aria-controls={`roleconfig-panel-${value}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`roleconfig-panel-${section}`} aria-labelledby={`roleconfig-tab-${section}`}>
        {section === 'permissions' && <RolePermissions />}
        {section === 'classes' && <StaffClasses />}
        {section === 'audit' && <AuditLog />}
      </Box>
    </PageCard>
  );
}
