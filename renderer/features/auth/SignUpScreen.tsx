import { useState } from 'react'
import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { AuthCard } from './AuthCard'
import { RouterLink } from './RouterLink'
import { SignUpForm } from './SignUpForm'

/** /signup/{token}: sign-up through a member's invitation link; the token credits the referral. */
export function SignUpScreen() {
  const { t } = useTranslation()
  const { token } = useParams()
  const [email, setEmail] = useState('')
  return (
    <AuthCard title={t('auth.signUp.title')}>
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{t('auth.signUp.invited')}</MessageBarBody>
      </MessageBar>
      <SignUpForm email={email} onEmailChange={setEmail} {...(token ? { referenceToken: token } : {})} />
      <Text>
        {t('auth.signUp.haveAccount')} <RouterLink to="/signin">{t('auth.signIn.tab')}</RouterLink>
      </Text>
    </AuthCard>
  )
}
