import { describe, expect, it } from 'vitest'
import { limits } from '../../../../server/contract/http'
import { checkImageFile } from '../../../../renderer/features/settings/image-file'

describe('checkImageFile', () => {
  it('accepts PNG, JPEG and WebP up to the contract size', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) expect(checkImageFile({ type, size: 1000 })).toBeUndefined()
    expect(checkImageFile({ type: 'image/png', size: limits.imageMaxBytes })).toBeUndefined()
  })

  it('refuses other types, empty files and files over the limit', () => {
    expect(checkImageFile({ type: 'image/gif', size: 1000 })).toBe('errors.file_type')
    expect(checkImageFile({ type: 'image/svg+xml', size: 1000 })).toBe('errors.file_type')
    expect(checkImageFile({ type: '', size: 1000 })).toBe('errors.file_type')
    expect(checkImageFile({ type: 'image/png', size: 0 })).toBe('errors.file_type')
    expect(checkImageFile({ type: 'image/png', size: limits.imageMaxBytes + 1 })).toBe('errors.file_too_large')
  })
})
