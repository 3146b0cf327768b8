import { Button, Caption1, Field, makeStyles, Subtitle2, Textarea, tokens } from '@fluentui/react-components'
import { Save20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { noteLimits, notesRoutes } from '../../../server/contract/http/notes'
import type { PlayerCard } from '../../../server/contract/http/statistics'
import { call } from '../../api/client'
import { errorText } from '../../components/error-text'
import { TextMessageBar } from '../../components/TextMessageBar'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '640px' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
})

/** The reader's private note on this player (the same note as at the table), read and saved through the notes module. */
export function PlayerNote({ player }: { player: PlayerCard }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [loaded, setLoaded] = useState(false)
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(false)
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    const abort = new AbortController()
    call(notesRoutes.readNotes, { query: { users: String(player.id) }, signal: abort.signal })
      .then((answer) => {
        setText(answer.items[0]?.text ?? '')
        setLoaded(true)
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [player.id])

  const save = async () => {
    setSaving(true)
    setSaved(false)
    try {
      const answer = await call(notesRoutes.writeNote, { params: { userId: player.id }, body: { text } })
      setText(answer.note?.text ?? '')
      setSaved(true)
      setError(null)
    } catch (failure) {
      setError(failure)
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="statistics-note">
      <Subtitle2 as="h2" id="statistics-note">
        <span dir="auto">{t('statistics.notes', { nickname: player.nickname })}</span>
      </Subtitle2>
      <Field hint={t('statistics.notesHint')}>
        <Textarea
          aria-labelledby="statistics-note"
          value={text}
          disabled={!loaded}
          resize="vertical"
          maxLength={noteLimits.textMax}
          onChange={(_, data) => {
            setText(data.value)
            setSaved(false)
          }}
          data-testid="statistics-note"
        />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<Save20Regular />} disabled={!loaded || saving} onClick={() => void save()} data-testid="statistics-note-save">
          {t('statistics.notesSave')}
        </Button>
        <Caption1>{t('statistics.notesCount', { count: text.trim().length, max: noteLimits.textMax })}</Caption1>
        {saved ? (
          <Caption1 role="status" data-testid="statistics-note-saved">
            {t('statistics.notesSaved')}
          </Caption1>
        ) : null}
      </div>
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
    </section>
  )
}
