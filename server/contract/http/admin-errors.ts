/**
 * Error codes of the admin panel's core: users, bans, tables, the audit trail (each is a translation
 * key). Imports nothing, so errors.ts can spread it without a cycle.
 */
export const adminErrorCodes = [
  // a ban needs a reason; its duration is whole minutes from 1 to adminLimits.banMinutesMax; an edited end lies ahead, within the same cap
  'errors.admin.ban_reason_required',
  'errors.admin.ban_duration',
  // nobody bans themselves; the last admin without a ban cannot be banned or lose the admin role
  'errors.admin.ban_self',
  'errors.admin.last_admin',
  // moderators ban, edit and lift bans of users and moderators only, and never change a role
  'errors.admin.admins_only',
  // a page of a list past its last page; a date range that ends before it starts
  'errors.admin.page_out_of_range',
  'errors.admin.date_range',
  // a disband needs a reason shown to the table; only an open or running table can be disbanded
  'errors.admin.disband_reason_required',
  'errors.admin.table_not_live',
  // a setting the panel does not switch
  'errors.admin.unknown_setting',
] as const
