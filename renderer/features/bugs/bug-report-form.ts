import { bugLimits } from '../../../server/contract/http/bugs'

/** The bug report form (spec section 5): title and text required, an optional image file. */
export interface BugReportDraft {
  title: string
  text: string
  file: { type: string; size?: number } | null
}

export type BugReportErrors = Partial<Record<keyof BugReportDraft, string>>

/** Errors as translation keys (form.validation.required, bugReport.imageOnly, bugReports.tooLarge). */
export function validateBugReport(draft: BugReportDraft): BugReportErrors {
  const errors: BugReportErrors = {}
  if (!draft.title.trim()) errors.title = 'form.validation.required'
  if (!draft.text.trim()) errors.text = 'form.validation.required'
  if (draft.file && !draft.file.type.startsWith('image/')) errors.file = 'bugReport.imageOnly'
  else if (draft.file?.size !== undefined && draft.file.size > bugLimits.imageMaxBytes) errors.file = 'bugReports.tooLarge'
  return errors
}

/** The first image among pasted clipboard items, if any. */
export function pastedImage(items: ArrayLike<{ kind: string; type: string; getAsFile(): File | null }>): File | null {
  for (const item of Array.from(items)) {
    if (item.kind === 'file' && item.type.startsWith('image/')) return item.getAsFile()
  }
  return null
}

/** The multipart body of `POST /api/bugs`: the fields, where the report was written, and the image. */
export function bugReportForm(draft: { title: string; text: string; file: Blob | null }, context: { pageUrl: string; appVersion: string; platform: string; browser: string }): FormData {
  const form = new FormData()
  form.append('title', draft.title.trim())
  form.append('text', draft.text.trim())
  form.append('pageUrl', context.pageUrl)
  form.append('appVersion', context.appVersion)
  form.append('platform', context.platform)
  form.append('browser', context.browser)
  if (draft.file) form.append('file', draft.file, draft.file instanceof File ? draft.file.name : 'screenshot.png')
  return form
}
