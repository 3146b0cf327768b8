import { describe, expect, it } from 'vitest'
import { limits } from '../../../../server/contract/http'
import {
  hasErrors,
  validateEmail,
  validateForgot,
  validateNewPassword,
  validateNickname,
  validatePasswordChange,
  validatePasswordReset,
  validateSignIn,
  validateSignUp,
} from '../../../../renderer/features/auth/validation'

describe('account form validation (mirrors the contract limits)', () => {
  it('requires an email of the contract shape', () => {
    expect(validateEmail('')?.key).toBe('auth.validation.required')
    expect(validateEmail('   ')?.key).toBe('auth.validation.required')
    expect(validateEmail('player')?.key).toBe('auth.validation.email')
    expect(validateEmail('player@')?.key).toBe('auth.validation.email')
    expect(validateEmail('pla yer@example.com')?.key).toBe('auth.validation.email')
    expect(validateEmail('player@example.com')).toBeUndefined()
    expect(validateEmail('  player@example.com  ')).toBeUndefined()
    expect(validateEmail(`${'a'.repeat(limits.emailMax)}@example.com`)).toEqual({ key: 'auth.validation.emailTooLong', values: { max: limits.emailMax } })
  })

  it('keeps a new password within the contract lengths', () => {
    expect(validateNewPassword('')?.key).toBe('auth.validation.required')
    expect(validateNewPassword('x'.repeat(limits.passwordMin - 1))).toEqual({ key: 'auth.validation.passwordTooShort', values: { min: limits.passwordMin } })
    expect(validateNewPassword('x'.repeat(limits.passwordMin))).toBeUndefined()
    expect(validateNewPassword('x'.repeat(limits.passwordMax))).toBeUndefined()
    expect(validateNewPassword('x'.repeat(limits.passwordMax + 1))?.key).toBe('auth.validation.passwordTooLong')
  })

  it('checks nickname length in characters and its allowed characters', () => {
    expect(validateNickname('')?.key).toBe('auth.validation.required')
    expect(validateNickname('ab')).toEqual({ key: 'auth.validation.nicknameTooShort', values: { min: limits.nicknameMin } })
    expect(validateNickname('x'.repeat(limits.nicknameMax + 1))).toEqual({ key: 'auth.validation.nicknameTooLong', values: { max: limits.nicknameMax } })
    expect(validateNickname('Don_Corleone-1.0')).toBeUndefined()
    expect(validateNickname('Дон Корлеоне')).toBeUndefined()
    expect(validateNickname('דון')).toBeUndefined()
    expect(validateNickname('don<script>')?.key).toBe('auth.validation.nicknamePattern')
    expect(validateNickname('don@home')?.key).toBe('auth.validation.nicknamePattern')
    // letters outside the basic plane take two UTF-16 units each; the server counts code points
    expect(validateNickname('𝔇'.repeat(limits.nicknameMax))).toBeUndefined()
    expect(validateNickname('𝔇'.repeat(limits.nicknameMax + 1))?.key).toBe('auth.validation.nicknameTooLong')
    expect(validateNickname('ab ')?.key).toBe('auth.validation.nicknameTooShort')
  })

  it('sign-in needs an email and any password, and reports every field at once', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: { key: 'auth.validation.required' }, password: { key: 'auth.validation.required' } })
    expect(validateSignIn({ email: 'a@example.com', password: 'x' })).toEqual({})
    expect(hasErrors(validateSignIn({ email: 'a@example.com', password: 'x' }))).toBe(false)
  })

  it('sign-up checks nickname, email and password', () => {
    const errors = validateSignUp({ nickname: 'x', email: 'nope', password: 'short' })
    expect(Object.keys(errors).sort()).toEqual(['email', 'nickname', 'password'])
    expect(validateSignUp({ nickname: 'Don', email: 'don@example.com', password: 'long enough' })).toEqual({})
  })

  it('forgot needs a valid email', () => {
    expect(validateForgot({ email: 'x' }).email?.key).toBe('auth.validation.email')
    expect(validateForgot({ email: 'x@example.com' })).toEqual({})
  })

  it('a reset asks for the same new password twice', () => {
    expect(validatePasswordReset({ password: 'long enough', repeat: 'long enougH' })).toEqual({ repeat: { key: 'auth.validation.passwordsDiffer' } })
    expect(validatePasswordReset({ password: 'long enough', repeat: '' })).toEqual({ repeat: { key: 'auth.validation.required' } })
    expect(validatePasswordReset({ password: 'long enough', repeat: 'long enough' })).toEqual({})
  })

  it('a password change needs the current one and a different new one', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'long enough', repeat: 'long enough' })).toEqual({ currentPassword: { key: 'auth.validation.required' } })
    expect(validatePasswordChange({ currentPassword: 'long enough', newPassword: 'long enough', repeat: 'long enough' })).toEqual({
      newPassword: { key: 'auth.validation.samePassword' },
    })
    expect(validatePasswordChange({ currentPassword: 'old secret', newPassword: 'new secret', repeat: 'new secret' })).toEqual({})
  })
})
