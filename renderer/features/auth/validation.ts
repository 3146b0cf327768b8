import { limits, nicknamePattern } from '../../../server/contract/http/auth'

/** A translation key with its values: what a form shows under a field. */
export interface Message {
  key: string
  values?: Record<string, string | number>
}

/** One message per field name; a field with no entry is valid. */
export type FieldErrors<Field extends string> = Partial<Record<Field, Message>>

/**
 * The contract's `format: 'email'` (ajv-formats, fast mode), so the browser refuses exactly what the
 * server would refuse.
 */
const emailShape = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i
const nicknameShape = new RegExp(nicknamePattern, 'u')

/** Length as the server's schema counts it: in code points, not UTF-16 units. */
const length = (value: string) => [...value].length

export const required: Message = { key: 'auth.validation.required' }

export function validateEmail(email: string): Message | undefined {
  const value = email.trim()
  if (!value) return required
  if (length(value) > limits.emailMax) return { key: 'auth.validation.emailTooLong', values: { max: limits.emailMax } }
  if (!emailShape.test(value)) return { key: 'auth.validation.email' }
  return undefined
}

/** A password being chosen: the contract's length limits. */
export function validateNewPassword(password: string): Message | undefined {
  if (!password) return required
  if (length(password) < limits.passwordMin) return { key: 'auth.validation.passwordTooShort', values: { min: limits.passwordMin } }
  if (length(password) > limits.passwordMax) return { key: 'auth.validation.passwordTooLong', values: { max: limits.passwordMax } }
  return undefined
}

/** A password being typed to prove who one is: only required (older rules may have allowed others). */
export function validateExistingPassword(password: string): Message | undefined {
  if (!password) return required
  if (length(password) > limits.passwordMax) return { key: 'auth.validation.passwordTooLong', values: { max: limits.passwordMax } }
  return undefined
}

export function validateRepeat(password: string, repeat: string): Message | undefined {
  if (!repeat) return required
  return password === repeat ? undefined : { key: 'auth.validation.passwordsDiffer' }
}

export function validateNickname(nickname: string): Message | undefined {
  const value = nickname.trim()
  if (!value) return required
  if (length(value) < limits.nicknameMin) return { key: 'auth.validation.nicknameTooShort', values: { min: limits.nicknameMin } }
  if (length(value) > limits.nicknameMax) return { key: 'auth.validation.nicknameTooLong', values: { max: limits.nicknameMax } }
  if (!nicknameShape.test(value)) return { key: 'auth.validation.nicknamePattern' }
  return undefined
}

/** Drops the fields without a message, so `hasErrors` can look at the keys. */
function collect<Field extends string>(entries: Record<Field, Message | undefined>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {}
  for (const [field, message] of Object.entries(entries) as Array<[Field, Message | undefined]>) if (message) errors[field] = message
  return errors
}

export const hasErrors = (errors: FieldErrors<string>) => Object.keys(errors).length > 0

export function validateSignIn(input: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return collect({ email: validateEmail(input.email), password: validateExistingPassword(input.password) })
}

export function validateSignUp(input: { nickname: string; email: string; password: string }): FieldErrors<'nickname' | 'email' | 'password'> {
  return collect({ nickname: validateNickname(input.nickname), email: validateEmail(input.email), password: validateNewPassword(input.password) })
}

export function validateForgot(input: { email: string }): FieldErrors<'email'> {
  return collect({ email: validateEmail(input.email) })
}

export function validatePasswordReset(input: { password: string; repeat: string }): FieldErrors<'password' | 'repeat'> {
  return collect({ password: validateNewPassword(input.password), repeat: validateRepeat(input.password, input.repeat) })
}

export function validatePasswordChange(input: { currentPassword: string; newPassword: string; repeat: string }): FieldErrors<'currentPassword' | 'newPassword' | 'repeat'> {
  const newPassword =
    validateNewPassword(input.newPassword) ?? (input.currentPassword && input.newPassword === input.currentPassword ? { key: 'auth.validation.samePassword' } : undefined)
  return collect({ currentPassword: validateExistingPassword(input.currentPassword), newPassword, repeat: validateRepeat(input.newPassword, input.repeat) })
}
