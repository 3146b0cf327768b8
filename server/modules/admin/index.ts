export { adminGuard, adminAccessRoles, type AdminAccess } from './guard'
export { recordAudit, type AuditEntry } from './audit.repository'
