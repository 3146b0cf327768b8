import { useId, useState } from 'react'
import { MessageBar, MessageBarBody, Tab, TabList } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { AuthCard } from './AuthCard'
import { ForgotPasswordForm } from './ForgotPasswordForm'
import { SignInForm } from './SignInForm'
import { SignUpForm } from './SignUpForm'

type View = 'signin' | 'signup' | 'forgot'

/** The view lives in the address (?view=signup, ?view=forgot), so Back and shared links work. */
export function viewOf(value: string | null): View {
  return value === 'signup' || value === 'forgot' ? value : 'signin'
}

/** /signin: sign in, create an account, or ask for a password reset link. */
export function SignInScreen() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const view = viewOf(params.get('view'))
  // one address typed once serves all three forms
  const [email, setEmail] = useState('')
  const tabsId = useId()

  if (view === 'forgot') {
    return (
      <AuthCard title={t('auth.forgot.title')}>
        <ForgotPasswordForm email={email} onEmailChange={setEmail} />
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('auth.signIn.title')}>
      {/* Arriving from a confirmation link: the address is confirmed, the password signs in. */}
      {view === 'signin' && params.get('confirmed') === '1' && (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>{t('auth.confirm.confirmed')}</MessageBarBody>
        </MessageBar>
      )}
      <TabList
        selectedValue={view}
        onTabSelect={(_, data) => setParams(data.value === 'signup' ? { view: 'signup' } : {}, { replace: true })}
        aria-label={t('auth.signIn.tabsLabel')}
      >
        <Tab value="signin" id={`${tabsId}-signin`} aria-controls={`${tabsId}-panel`}>
          {t('auth.signIn.tab')}
        </Tab>
        <Tab value="signup" id={`${tabsId}-signup`} aria-controls={`${tabsId}-panel`}>
          {t('auth.signUp.tab')}
        </Tab>
      </TabList>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${view}`}>
        {view === 'signup' ? <SignUpForm email={email} onEmailChange={setEmail} /> : <SignInForm email={email} onEmailChange={setEmail} />}
      </div>
    </AuthCard>
  )
}
