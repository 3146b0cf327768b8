import { Body1, Button, Field, Input, makeStyles, Title1, tokens } from '@fluentui/react-components'
import { Server20Regular } from '@fluentui/react-icons'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { platform } from '../bridge'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '32em',
    marginInline: 'auto',
    paddingBlock: '8vh',
    paddingInline: tokens.spacingHorizontalL,
  },
  title: { margin: 0 },
  text: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
})

/**
 * The desktop app's club server: offered on first start with the default filled in, and reachable
 * later at the same route. Saving restarts the app on the new server; the main process checks the
 * address again (https only, or loopback http for development) and answers why it refused one.
 */
export function ServerChoiceScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const desktop = platform.platform !== 'web'
  const [value, setValue] = useState(platform.serverOrigin)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const answer = await platform.chooseServer(value)
      if (!answer.ok) setError(t(`errors.desktop.${answer.reason}`))
    } catch {
      setError(t('errors.desktop.not_a_url'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.root} aria-labelledby="server-choice-title" data-testid="desktop-server-choice">
      <Title1 as="h1" id="server-choice-title" className={styles.title}>
        {t('desktop.server.title')}
      </Title1>
      <Body1 as="p" className={styles.text}>
        {desktop ? t('desktop.server.intro') : t('errors.desktop.unsupported')}
      </Body1>
      {desktop ? (
        <form onSubmit={(event) => void submit(event)}>
          <Field label={t('desktop.server.label')} hint={t('desktop.server.hint')} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
            <Input type="url" dir="ltr" value={value} onChange={(_event, data) => setValue(data.value)} data-testid="desktop-server-input" required />
          </Field>
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" icon={<Server20Regular />} disabled={busy} data-testid="desktop-server-save">
              {platform.serverChosen ? t('desktop.server.save') : t('desktop.server.confirm')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
