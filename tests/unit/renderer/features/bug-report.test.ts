import { describe, expect, it } from 'vitest'
import { validateBugReport } from '../../../../renderer/features/bugs/bug-report-form'

describe('bug report form', () => {
  it('requires title and text (form.validation.required)', () => {
    expect(validateBugReport({ title: '', text: '', file: null })).toEqual({ title: 'form.validation.required', text: 'form.validation.required' })
    expect(validateBugReport({ title: '   ', text: 'x', file: null })).toEqual({ title: 'form.validation.required' })
  })

  it('accepts a report without a file, and only images as files', () => {
    expect(validateBugReport({ title: 'Camera', text: 'Black screen', file: null })).toEqual({})
    expect(validateBugReport({ title: 'Camera', text: 'Black screen', file: { type: 'image/png' } })).toEqual({})
    expect(validateBugReport({ title: 'Camera', text: 'Black screen', file: { type: 'application/pdf' } })).toEqual({ file: 'bugReport.imageOnly' })
  })
})
