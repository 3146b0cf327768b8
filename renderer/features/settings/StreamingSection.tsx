import { useEffect, useRef, useState } from 'react'
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowClockwise20Regular, Checkmark20Regular, Copy20Regular, Delete20Regular, Live20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { routes, type NewShareKey, type ShareKeyState } from '../../../server/contract/http'
import { ApiError, call } from '../../api/client'
import { SettingsSection } from './SettingsSection'

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  field: { flexGrow: 1, minWidth: '240px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  status: { minHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground2 },
  hint: { color: tokens.colorNeutralForeground2 },
})

type Load = { status: 'loading' } | { status: 'ready'; key: ShareKeyState } | { status: 'failed'; error: unknown }

const errorText = (error: unknown) => (error instanceof ApiError ? error.code : 'auth.common.networkError')

/**
 * The streamer's link to /obs-share: made (shown this once: only its hash is kept), copied,
 * replaced and revoked, with how to add it to streaming software.
 */
export function StreamingSection() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const inputRef = useRef<HTMLInputElement>(null)
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [fresh, setFresh] = useState<NewShareKey | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<'copied' | 'copyFailed' | 'revoked' | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    call(routes.sharing.shareKey, { signal: controller.signal }).then(
      (key) => setLoad({ status: 'ready', key }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error: failure })
      },
    )
    return () => controller.abort()
  }, [])

  const create = async () => {
    setBusy(true)
    setError(null)
    setNote(null)
    try {
      const made = await call(routes.sharing.createShareKey)
      setFresh(made)
      setLoad({ status: 'ready', key: { active: true, createdAt: made.createdAt } })
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  const revoke = async () => {
    setBusy(true)
    setError(null)
    setNote(null)
    try {
      await call(routes.sharing.revokeShareKey)
      setFresh(null)
      setLoad({ status: 'ready', key: { active: false, createdAt: null } })
      setNote('revoked')
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(false)
    }
  }

  const copy = async () => {
    if (!fresh) return
    try {
      await navigator.clipboard.writeText(fresh.link)
      setNote('copied')
    } catch {
      // no clipboard access (insecure origin, denied permission): select the text for a manual copy
      inputRef.current?.select()
      setNote('copyFailed')
    }
  }

  const active = load.status === 'ready' && load.key.active
  const madeOn = load.status === 'ready' && load.key.createdAt ? new Date(load.key.createdAt).toLocaleString(i18n.language) : ''

  return (
    <SettingsSection title={t('settings.streaming.title')} description={t('settings.streaming.description')}>
      {load.status === 'loading' && <Spinner size="small" label={t('settings.streaming.loading')} />}
      {load.status === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('settings.streaming.loadFailed')} {t(errorText(load.error))}
          </MessageBarBody>
        </MessageBar>
      )}
      {load.status === 'ready' && (
        <>
          {fresh ? (
            <div className={styles.row}>
                <Field label={t('settings.streaming.label')} hint={t('settings.streaming.showOnce')} className={styles.field}>
                  <Input ref={inputRef} value={fresh.link} readOnly onFocus={(event) => event.currentTarget.select()} data-testid="share-link" />
                </Field>
                <Button appearance="primary" icon={note === 'copied' ? <Checkmark20Regular /> : <Copy20Regular />} onClick={() => void copy()}>
                  {t('settings.streaming.copy')}
                </Button>
            </div>
          ) : (
            <Text data-testid="share-key-state">{active ? t('settings.streaming.active', { date: madeOn }) : t('settings.streaming.none')}</Text>
          )}
          <div className={styles.actions}>
            <Button icon={active ? <ArrowClockwise20Regular /> : <Live20Regular />} disabled={busy} onClick={() => void create()}>
              {active ? t('settings.streaming.regenerate') : t('settings.streaming.create')}
            </Button>
            {active && (
              <Button icon={<Delete20Regular />} disabled={busy} onClick={() => void revoke()}>
                {t('settings.streaming.revoke')}
              </Button>
            )}
          </div>
          {error && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{t(error)}</MessageBarBody>
            </MessageBar>
          )}
          <Text role="status" size={200} className={styles.status}>
            {note ? t(`settings.streaming.${note}`) : ''}
          </Text>
          <Text size={200} className={styles.hint}>
            {t('settings.streaming.hint')}
          </Text>
        </>
      )}
    </SettingsSection>
  )
}
