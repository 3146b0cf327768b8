import { useEffect, useState } from 'react'
import { MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { ApiError } from '../../api/client'
import { AuthCard } from './AuthCard'
import { confirmSignup } from './confirm-signup'
import { RouterLink } from './RouterLink'

const useStyles = makeStyles({
  result: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
})

/**
 * /confirm/{token}: confirms the address from the sign-up mail, then sends the user to sign in with
 * the password (`/signin?confirmed=1` says the address is confirmed). The link alone signs nobody in.
 */
export function ConfirmScreen() {
  const { t } = useTranslation()
  const styles = useStyles()
  const { token } = useParams()
  const navigate = useNavigate()
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    if (!token) return
    let active = true
    confirmSignup(token).then(
      () => {
        if (active) navigate('/signin?confirmed=1', { replace: true })
      },
      (reason: unknown) => {
        if (active) setError(reason)
      },
    )
    return () => {
      active = false
    }
  }, [token, navigate])

  const failed = !token || error !== null
  const message = !token ? t('errors.token_invalid') : error instanceof ApiError ? t(error.code) : t('auth.common.networkError')

  return (
    <AuthCard title={t('auth.confirm.title')}>
      {failed ? (
        <div className={styles.result}>
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>{message}</MessageBarBody>
          </MessageBar>
          <RouterLink to="/signin">{t('auth.confirm.goToSignIn')}</RouterLink>
        </div>
      ) : (
        <Spinner labelPosition="below" label={t('auth.confirm.pending')} />
      )}
    </AuthCard>
  )
}
