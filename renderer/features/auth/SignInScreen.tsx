import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { LazyMessageBar } from '../../components/LazyMessageBar'
import { AuthCard } from './AuthCard'
import { AuthTabs } from './AuthTabs'
import { ForgotPasswordForm } from './ForgotPasswordForm'
import { SignInForm } from './SignInForm'

// The sign-up form (with its language select) loads when its tab is pointed at, focused or opened: most
// visitors of /signin only sign in. Once loaded the module stays cached, so switching back and forth is instant.
const loadSignUpForm = () => import('./SignUpForm')
const SignUpForm = lazy(() => loadSignUpForm().then((module) => ({ default: module.SignUpForm })))

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
        <LazyMessageBar intent="success" layout="multiline">
          {t('auth.confirm.confirmed')}
        </LazyMessageBar>
      )}
      <AuthTabs
        label={t('auth.signIn.tabsLabel')}
        selected={view}
        onSelect={(value) => setParams(value === 'signup' ? { view: 'signup' } : {}, { replace: true })}
        panelId={`${tabsId}-panel`}
        tabs={[
          { value: 'signin', label: t('auth.signIn.tab'), id: `${tabsId}-signin` },
          { value: 'signup', label: t('auth.signUp.tab'), id: `${tabsId}-signup`, onIntent: loadSignUpForm },
        ]}
      />
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${view}`}>
        {view === 'signup' ? (
          <Suspense fallback={null}>
            <SignUpForm email={email} onEmailChange={setEmail} />
          </Suspense>
        ) : (
          <SignInForm email={email} onEmailChange={setEmail} />
        )}
      </div>
    </AuthCard>
  )
}
