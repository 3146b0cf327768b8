import { Button, Field, Input, makeStyles, Subtitle2, Switch, Text, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { routes, type AdminSettingUpdate, type SettingFlag } from '../../../../server/contract/http'
import { call } from '../../../api/client'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { errorText } from '../../../components/error-text'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { applySettings, parseSettings } from '../../../state/settings'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'start' },
  // Level with the input, below the field's label.
  save: { marginBlockStart: '26px' },
  message: { flexGrow: 1, minWidth: '240px' },
  heading: { margin: 0 },
})

/** A change waiting for its confirmation: the settings to write, in order, and what the dialog says. */
interface PendingChange {
  updates: AdminSettingUpdate[]
  title: string
  text: string
  confirm: string
}

const messageMax = 500

/**
 * The site switches: maintenance (with the message every open page shows) and the premium page.
 * Every change is confirmed first; what the switches show afterwards is the server's answer, which
 * also updates this page's own top bar and menu at once.
 */
export function SiteSwitches({ initial }: { initial: readonly SettingFlag[] }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [saved, setSaved] = useState(() => parseSettings(initial))
  const [message, setMessage] = useState(saved.maintenanceMessage)
  const [pending, setPending] = useState<PendingChange | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const typedMessage = message.trim()
  const messageChanged = typedMessage !== saved.maintenanceMessage

  const ask = (change: PendingChange) => {
    setFailure(null)
    setNotice(null)
    setPending(change)
  }

  async function confirm() {
    if (!pending) return
    setBusy(true)
    setFailure(null)
    try {
      let answer: SettingFlag[] = []
      for (const update of pending.updates) answer = await call(routes.admin.setSetting, { body: update })
      const next = parseSettings(answer)
      setSaved(next)
      setMessage(next.maintenanceMessage)
      applySettings(answer)
      setNotice(t('adminDashboard.switches.saved'))
      setPending(null)
    } catch (error) {
      setFailure(errorText(t, error))
    } finally {
      setBusy(false)
    }
  }

  const maintenanceUpdates = (on: boolean): AdminSettingUpdate[] => [
    // The message goes first, so pages never show the banner with the old words.
    ...(on && messageChanged ? [{ name: 'maintenance_message' as const, value: typedMessage }] : []),
    { name: 'maintenance', value: String(on) },
  ]

  return (
    <section className={styles.root} aria-labelledby="dashboard-switches" data-testid="dashboard-switches">
      <Subtitle2 as="h2" id="dashboard-switches" className={styles.heading}>
        {t('adminDashboard.switches.title')}
      </Subtitle2>
      <Switch
        checked={saved.maintenance}
        label={t('adminDashboard.switches.maintenance')}
        data-testid="switch-maintenance"
        onChange={(_, data) =>
          ask({
            updates: maintenanceUpdates(data.checked),
            title: data.checked ? t('adminDashboard.switches.maintenanceOnTitle') : t('adminDashboard.switches.maintenanceOffTitle'),
            text: data.checked ? t('adminDashboard.switches.maintenanceOnText', { message: typedMessage || '—' }) : t('adminDashboard.switches.maintenanceOffText'),
            confirm: data.checked ? t('adminDashboard.switches.turnOn') : t('adminDashboard.switches.turnOff'),
          })
        }
      />
      <div className={styles.row}>
        <Field className={styles.message} label={t('adminDashboard.switches.message')} hint={t('adminDashboard.switches.messageHint')}>
          <Input value={message} maxLength={messageMax} onChange={(_, data) => setMessage(data.value)} data-testid="maintenance-message" />
        </Field>
        <Button
          className={styles.save}
          disabled={!messageChanged}
          data-testid="maintenance-message-save"
          onClick={() =>
            ask({
              updates: [{ name: 'maintenance_message', value: typedMessage }],
              title: t('adminDashboard.switches.messageTitle'),
              text: saved.maintenance ? t('adminDashboard.switches.messageTextLive', { message: typedMessage || '—' }) : t('adminDashboard.switches.messageText', { message: typedMessage || '—' }),
              confirm: t('adminDashboard.switches.saveMessage'),
            })
          }
        >
          {t('adminDashboard.switches.saveMessage')}
        </Button>
      </div>
      <Switch
        checked={saved.premiumPage}
        label={t('adminDashboard.switches.premiumPage')}
        data-testid="switch-premium-page"
        onChange={(_, data) =>
          ask({
            updates: [{ name: 'premium_page', value: String(data.checked) }],
            title: data.checked ? t('adminDashboard.switches.premiumOnTitle') : t('adminDashboard.switches.premiumOffTitle'),
            text: data.checked ? t('adminDashboard.switches.premiumOnText') : t('adminDashboard.switches.premiumOffText'),
            confirm: data.checked ? t('adminDashboard.switches.turnOn') : t('adminDashboard.switches.turnOff'),
          })
        }
      />
      <Text size={200}>{t('adminDashboard.switches.live')}</Text>
      {notice ? (
        <div role="status" data-testid="switches-saved">
          <TextMessageBar intent="success">{notice}</TextMessageBar>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        text={pending?.text ?? ''}
        confirmLabel={pending?.confirm ?? ''}
        cancelLabel={t('adminPanel.cancel')}
        busy={busy}
        error={failure}
        onConfirm={() => void confirm()}
        onCancel={() => (setPending(null), setFailure(null))}
      />
    </section>
  )
}
