import { useCallback, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import { preloadMessageBar } from '../../components/LazyMessageBar'
import { hasErrors, type FieldErrors, type Message } from './validation'

/** The field an error is about, when the form shows that field; other errors go to the form's message bar. */
export function formFieldOf<Field extends string>(error: unknown, fields: readonly Field[]): Field | undefined {
  if (!(error instanceof ApiError) || !error.field) return undefined
  return (fields as readonly string[]).includes(error.field) ? (error.field as Field) : undefined
}

/**
 * The state every account form shares: client-side field errors, server errors placed next to the
 * field they name (or kept as the form's failure), and one submission at a time.
 */
export function useForm<Field extends string>(fields: readonly Field[]) {
  const { t } = useTranslation()
  const running = useRef(false)
  const [pending, setPending] = useState(false)
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [failure, setFailure] = useState<unknown>(null)

  /**
   * The form's submit handler: shows the validation result and, when it is clean, runs the action.
   * Resolves true when the action succeeded.
   */
  const submit = useCallback(
    async (event: FormEvent<HTMLFormElement>, validation: FieldErrors<Field>, action: () => Promise<void>): Promise<boolean> => {
      event.preventDefault()
      const formElement = event.currentTarget
      // after React has rendered the messages and aria-invalid, the keyboard lands on the first wrong field
      const focusFirstInvalid = () => requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      if (running.current) return false
      setFailure(null)
      setErrors(validation)
      if (hasErrors(validation)) {
        focusFirstInvalid()
        return false
      }
      running.current = true
      setPending(true)
      // the answer may be a message bar (FailureMessage, a form's success): its code loads meanwhile
      preloadMessageBar()
      try {
        await action()
        return true
      } catch (error) {
        const field = formFieldOf(error, fields)
        if (field && error instanceof ApiError) {
          setErrors({ [field]: { key: error.code } } as FieldErrors<Field>)
          focusFirstInvalid()
        } else {
          setFailure(error)
        }
        return false
      } finally {
        running.current = false
        setPending(false)
      }
    },
    [fields],
  )

  /** A field the user changed loses its message. */
  const edited = useCallback((field: Field) => {
    setErrors((current) => {
      if (!(field in current)) return current
      const next = { ...current }
      delete next[field]
      return next
    })
  }, [])

  /** Props for a Fluent `Field`: the translated message and the error state. */
  const fieldProps = (field: Field): { validationState?: 'error'; validationMessage?: string } => {
    const message: Message | undefined = errors[field]
    return message ? { validationState: 'error', validationMessage: t(message.key, message.values ?? {}) } : {}
  }

  const reset = useCallback(() => {
    setErrors({})
    setFailure(null)
  }, [])

  return { pending, errors, failure, submit, edited, fieldProps, reset }
}
