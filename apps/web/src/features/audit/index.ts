/** What app/ may mount from the audit feature. */
export { AuditLog } from './components/audit-log';
