import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Switch,
  tokens,
} from '@fluentui/react-components'
import { Add20Regular } from '@fluentui/react-icons'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import { defaultLobbySettings, type DeckId, type LobbySettings } from '../../../server/contract/game'
import { supportedLocales, type Locale } from '../../../server/contract/http'
import { requestErrorKey } from '../../realtime/requests'
import { createLobby } from '../../state/table'
import { sessionState } from '../../state/session'
import { languageName, uiLocale } from '../auth/languages'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  switches: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingVerticalXS },
})

type Flag = Exclude<keyof LobbySettings, 'votingType'>
const flags: Flag[] = ['judge', 'split3In9', 'voteIn0', 'newbie', 'fourthFoul', 'openUp']

/** The new-table form: name, language, deck, every setting (the contract's defaults), and how the creator sits. */
export function CreateLobbyDialog() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { user } = useSnapshot(sessionState)
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [language, setLanguage] = useState<Locale>(uiLocale(user?.language))
  const [deckId, setDeckId] = useState<DeckId>(1)
  const [settings, setSettings] = useState<LobbySettings>({ ...defaultLobbySettings })
  const [as, setAs] = useState<'player' | 'judge'>('player')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setError('form.validation.required')
      return
    }
    setBusy(true)
    setError(null)
    try {
      const lobby = await createLobby({ name: name.trim(), language, deckId, settings, as: settings.judge ? as : 'player' })
      setOpen(false)
      navigate(`/mafia/${lobby.id}`)
    } catch (failure) {
      setError(requestErrorKey(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="primary" icon={<Add20Regular />} data-testid="create-table">
          {t('lobby.create.open')}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <form onSubmit={(event) => void submit(event)} data-testid="create-table-form">
          <DialogBody>
            <DialogTitle>{t('lobby.create.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('lobby.create.name')} required>
                <Input value={name} maxLength={60} onChange={(_, data) => setName(data.value)} data-testid="table-name" />
              </Field>
              <Field label={t('lobby.create.language')}>
                <Select value={language} onChange={(_, data) => setLanguage(data.value as Locale)}>
                  {supportedLocales.map((locale) => (
                    <option key={locale} value={locale}>
                      {languageName(locale)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('lobby.create.deck')}>
                <RadioGroup layout="horizontal" value={String(deckId)} onChange={(_, data) => setDeckId(Number(data.value) as DeckId)}>
                  <Radio value="1" label={t('lobby.deck.1')} />
                  <Radio value="2" label={t('lobby.deck.2')} />
                </RadioGroup>
              </Field>
              <Field label={t('lobby.settings.votingType')}>
                <RadioGroup
                  layout="horizontal"
                  value={String(settings.votingType)}
                  onChange={(_, data) => setSettings({ ...settings, votingType: data.value === '1' ? 1 : 0 })}
                >
                  <Radio value="0" label={t('lobby.badges.classic')} />
                  <Radio value="1" label={t('lobby.badges.simultaneous')} />
                </RadioGroup>
              </Field>
              <div className={styles.switches}>
                {flags.map((flag) => (
                  <Switch
                    key={flag}
                    checked={settings[flag]}
                    label={t(`lobby.settings.${flag}`)}
                    data-testid={`setting-${flag}`}
                    onChange={(_, data) => setSettings({ ...settings, [flag]: data.checked })}
                  />
                ))}
              </div>
              {settings.judge ? (
                <Field label={t('lobby.create.as')}>
                  <RadioGroup layout="horizontal" value={as} onChange={(_, data) => setAs(data.value as 'player' | 'judge')}>
                    <Radio value="player" label={t('lobby.create.asPlayer')} />
                    <Radio value="judge" label={t('lobby.create.asJudge')} data-testid="create-as-judge" />
                  </RadioGroup>
                </Field>
              ) : null}
              {error ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{t(error)}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button appearance="secondary">{t('lobby.create.cancel')}</Button>
              </DialogTrigger>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="create-table-submit">
                {t('lobby.create.submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
