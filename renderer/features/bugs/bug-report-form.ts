/** The bug report form (spec section 5): title and text required, an optional image file. */
export interface BugReportDraft {
  title: string
  text: string
  file: { type: string } | null
}

export type BugReportErrors = Partial<Record<keyof BugReportDraft, string>>

/** Errors as translation keys (form.validation.required, bugReport.imageOnly). */
export function validateBugReport(draft: BugReportDraft): BugReportErrors {
  const errors: BugReportErrors = {}
  if (!draft.title.trim()) errors.title = 'form.validation.required'
  if (!draft.text.trim()) errors.text = 'form.validation.required'
  if (draft.file && !draft.file.type.startsWith('image/')) errors.file = 'bugReport.imageOnly'
  return errors
}

/**
 * Whether reports can be sent: POST /api/bugs (multipart {file, title, text}) is not in the
 * contract yet. When it is, send from the dialog and flip this on.
 */
export const bugReportsAvailable = false
