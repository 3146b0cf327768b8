import { useEffect, useState } from 'react'
import {
  Badge,
  Button,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { SignOut20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { routes, type DeviceSession } from '../../../server/contract/http'
import { call } from '../../api/client'
import { FailureMessage, formatDateTime } from '../auth'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { LoadFailedBar } from './LoadFailedBar'
import { SettingsSection } from './SettingsSection'

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  status: { minHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground2 },
})

type Load = { status: 'loading' } | { status: 'ready'; items: DeviceSession[] } | { status: 'failed'; error: unknown }
/** What the confirmation dialog is about: one device, or every device but this one. */
type Pending = { kind: 'one'; session: DeviceSession } | { kind: 'others' }

/**
 * Devices: where the account is signed in (device, address, last use), with a sign-out per device
 * and one for every device but this one. Each sign-out asks first; the device's open pages sign
 * out at once.
 */
export function DevicesSection() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [confirming, setConfirming] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const [note, setNote] = useState<'signedOut' | 'signedOutOthers' | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    call(routes.auth.sessions, { signal: controller.signal }).then(
      ({ items }) => setLoad({ status: 'ready', items }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error })
      },
    )
    return () => controller.abort()
  }, [attempt])

  const retry = () => {
    setLoad({ status: 'loading' })
    setAttempt((count) => count + 1)
  }

  const deviceName = (session: DeviceSession) => session.device ?? t('settings.sessions.unknownDevice')

  const signOut = async (pending: Pending) => {
    setBusy(true)
    setFailure(null)
    setNote(null)
    try {
      if (pending.kind === 'one') {
        await call(routes.auth.endSession, { params: { id: pending.session.id } })
        setLoad((current) => (current.status === 'ready' ? { status: 'ready', items: current.items.filter((item) => item.id !== pending.session.id) } : current))
        setNote('signedOut')
      } else {
        await call(routes.auth.endOtherSessions)
        setLoad((current) => (current.status === 'ready' ? { status: 'ready', items: current.items.filter((item) => item.current) } : current))
        setNote('signedOutOthers')
      }
      setConfirming(null)
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const others = load.status === 'ready' ? load.items.filter((item) => !item.current) : []

  return (
    <SettingsSection title={t('settings.sessions.title')} description={t('settings.sessions.description')}>
      {load.status === 'loading' && <Spinner size="small" label={t('settings.sessions.loading')} />}
      {load.status === 'failed' && (
        <LoadFailedBar message="settings.sessions.loadFailed" error={load.error} onRetry={retry} />
      )}
      {load.status === 'ready' && (
        <>
          {load.items.length === 0 ? (
            <Text>{t('settings.sessions.empty')}</Text>
          ) : (
            <ul className={styles.list} aria-label={t('settings.sessions.listLabel')}>
              {load.items.map((session) => (
                <li key={session.id} className={styles.row} data-testid="device-session">
                  <div className={styles.details}>
                    <span className={styles.name}>
                      {deviceName(session)}
                      {session.current && (
                        <Badge appearance="tint" color="success">
                          {t('settings.sessions.current')}
                        </Badge>
                      )}
                    </span>
                    <Text size={200} className={styles.meta}>
                      {[
                        session.address ? t('settings.sessions.address', { address: session.address }) : null,
                        t('settings.sessions.lastSeen', { date: formatDateTime(session.lastSeenAt, i18n.language) }),
                        t('settings.sessions.signedIn', { date: formatDateTime(session.createdAt, i18n.language) }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </div>
                  {!session.current && (
                    <Button
                      icon={<SignOut20Regular />}
                      aria-label={t('settings.sessions.signOutDevice', { device: deviceName(session) })}
                      disabled={busy}
                      onClick={() => {
                        setFailure(null)
                        setConfirming({ kind: 'one', session })
                      }}
                    >
                      {t('settings.sessions.signOut')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {others.length === 0 && load.items.length > 0 && <Text className={styles.meta}>{t('settings.sessions.noOthers')}</Text>}
          {others.length > 0 && (
            <div className={styles.actions}>
              <Button
                icon={<SignOut20Regular />}
                disabled={busy}
                onClick={() => {
                  setFailure(null)
                  setConfirming({ kind: 'others' })
                }}
              >
                {t('settings.sessions.signOutOthers')}
              </Button>
            </div>
          )}
          {!confirming && <FailureMessage error={failure} />}
          <Text role="status" size={200} className={styles.status}>
            {note ? t(`settings.sessions.${note}`) : ''}
          </Text>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        title={confirming?.kind === 'others' ? t('settings.sessions.confirmOthersTitle') : t('settings.sessions.confirmOneTitle')}
        text={confirming?.kind === 'one' ? t('settings.sessions.confirmOneText', { device: deviceName(confirming.session) }) : t('settings.sessions.confirmOthersText')}
        busy={busy}
        cancelLabel={t('settings.sessions.cancel')}
        confirmLabel={t('settings.sessions.confirm')}
        onConfirm={() => confirming && void signOut(confirming)}
      >
        <FailureMessage error={failure} />
      </ConfirmDialog>
    </SettingsSection>
  )
}
