import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  ProgressBar,
  Switch,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { tournamentLimits, tournamentsRoutes, type Tournament, type TournamentDraft, type TournamentPerson } from '../../../server/contract/http/tournaments'
import type { LobbySettings } from '../../../server/contract/game/settings'
import { errorKey } from '../../components/error-text'
import { TextMessageBar } from '../../components/TextMessageBar'
import { sendTournament, type SaveTarget } from './tournament-api'
import { UserPicker } from './UserPicker'

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
})

const languages = ['uk', 'en', 'de', 'he'] as const
const imageTypes = ['image/png', 'image/jpeg', 'image/webp']
const maxImageBytes = 2 * 1024 * 1024
const lobbyFlags = ['judge', 'newbie', 'voteIn0', 'split3In9', 'fourthFoul', 'openUp'] as const satisfies readonly (keyof LobbySettings)[]

interface Values {
  name: string
  date_start: string
  date_end: string
  time_start: string
  timezone: string
  registration_end: string
  type: number
  deckId: number
  organizationId: number | null
  count: string
  price: string
  currency: string
  language: string[]
  judges: TournamentPerson[]
  viewers: TournamentPerson[]
  registration_link: string
  is_active: boolean
  is_archive: boolean
  lobby: LobbySettings
  keep: string[]
}

/** A `datetime-local` value (the browser's zone) for an instant. */
const localDateTime = (iso: string) => {
  const date = new Date(iso)
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return shifted.toISOString().slice(0, 16)
}

function initialValues(draft: TournamentDraft, tournament: Tournament | null): Values {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  if (tournament) {
    return {
      name: tournament.name,
      date_start: tournament.date_start,
      date_end: tournament.date_end,
      time_start: tournament.time_start,
      timezone: tournament.timezone,
      registration_end: localDateTime(tournament.registration_end_date),
      type: tournament.type,
      deckId: tournament.deckId,
      organizationId: tournament.organizationId,
      count: String(tournament.count),
      price: String(tournament.price),
      currency: tournament.currency,
      language: [...tournament.language],
      judges: [...tournament.judges],
      viewers: [...tournament.viewers],
      registration_link: tournament.registration_link.includes('/tournaments?register=') ? '' : tournament.registration_link,
      is_active: tournament.is_active,
      is_archive: tournament.is_archive,
      lobby: { ...tournament.lobbySettings },
      keep: [...tournament.image],
    }
  }
  return {
    name: '',
    date_start: '',
    date_end: '',
    time_start: '18:00',
    timezone: browserZone || draft.tournamentSettings.timezone,
    registration_end: '',
    type: draft.tournamentSettings.type,
    deckId: draft.tournamentSettings.deckId,
    organizationId: draft.organizations[0]?.id ?? null,
    count: String(draft.tournamentSettings.count),
    price: String(draft.tournamentSettings.price),
    currency: draft.tournamentSettings.currency,
    language: [],
    judges: [],
    viewers: [],
    registration_link: '',
    is_active: true,
    is_archive: false,
    lobby: { ...draft.lobbySettings },
    keep: [],
  }
}

/** The form's own checks, the same the server makes: each gives the field and the translation key. */
function validate(values: Values, files: readonly File[]): Record<string, string> {
  const errors: Record<string, string> = {}
  if (values.name.trim() === '') errors.name = 'form.validation.required'
  if (!values.date_start) errors.date_start = 'form.validation.required'
  if (!values.date_end) errors.date_end = 'form.validation.required'
  if (!/^\d{2}:\d{2}$/.test(values.time_start)) errors.time_start = 'form.validation.required'
  if (!values.registration_end) errors.registration_end = 'form.validation.required'
  if (values.date_start && values.date_end && values.date_end < values.date_start) errors.date_end = 'errors.tournaments.end_before_start'
  // The start in the browser's zone: exact when the tournament's zone is the browser's; the server checks every zone.
  if (values.date_start && values.registration_end && values.timezone === Intl.DateTimeFormat().resolvedOptions().timeZone) {
    if (new Date(values.registration_end) > new Date(`${values.date_start}T${values.time_start}`)) errors.registration_end = 'errors.tournaments.registration_after_start'
  }
  const count = Number(values.count)
  if (!Number.isInteger(count) || count < 1 || count > tournamentLimits.countMax) errors.count = 'errors.invalid_value'
  const price = Number(values.price)
  if (!Number.isFinite(price) || price < 0) errors.price = 'errors.invalid_value'
  if (!/^[A-Z]{3}$/.test(values.currency)) errors.currency = 'errors.invalid_value'
  if (values.registration_link && !/^https?:\/\/\S+$/.test(values.registration_link)) errors.registration_link = 'errors.invalid_value'
  if (files.some((file) => !imageTypes.includes(file.type))) errors.images = 'errors.file_type'
  else if (files.some((file) => file.size > maxImageBytes)) errors.images = 'errors.file_too_large'
  else if (values.keep.length + files.length > tournamentLimits.imagesMax) errors.images = 'errors.tournaments.too_many_images'
  return errors
}

/** Mounted afresh each time it opens (the parent renders it only while open), so nothing of an earlier opening stays. */
export interface TournamentFormProps {
  open: boolean
  /** The tournament to edit; null creates one. */
  tournament: Tournament | null
  /** The admin panel's create and update, or the organisers' save. */
  admin?: boolean
  onClose(): void
  onSaved(tournament: Tournament): void
}

/** The organiser's create and edit form: every setting of the tournament and of its tables, images with the upload's progress. */
export function TournamentForm({ open, tournament, admin = false, onClose, onSaved }: TournamentFormProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [draft, setDraft] = useState<TournamentDraft | null>(null)
  const [values, setValues] = useState<Values | null>(null)
  const [files, setFiles] = useState<File[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)

  useEffect(() => {
    if (!open) return
    const abort = new AbortController()
    call(tournamentsRoutes.add, { query: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, signal: abort.signal })
      .then((answer) => {
        setDraft(answer)
        setValues(initialValues(answer, tournament))
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setFailure(errorKey(error))
      })
    return () => abort.abort()
  }, [open, tournament])

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => (current ? { ...current, [key]: value } : current))
  const fieldError = (key: string) => (errors[key] ? { validationState: 'error' as const, validationMessage: t(errors[key] as string) } : {})

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!values || progress !== null) return
    const found = validate(values, files)
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length > 0) return
    const target: SaveTarget = { kind: admin ? 'admin' : 'save', id: tournament?.id ?? null }
    setProgress(0)
    try {
      const saved = await sendTournament(
        target,
        {
          name: values.name.trim(),
          date_start: values.date_start,
          date_end: values.date_end,
          time_start: values.time_start,
          timezone: values.timezone,
          registration_end_date: new Date(values.registration_end).toISOString(),
          type: values.type,
          language: values.language,
          deckId: values.deckId as 1 | 2,
          organizationId: values.organizationId,
          registration_link: values.registration_link,
          count: Number(values.count),
          price: Number(values.price),
          currency: values.currency,
          image: values.keep,
          judges: values.judges.map((judge) => judge.id),
          viewers: values.viewers.map((viewer) => viewer.id),
          is_active: values.is_active,
          is_archive: values.is_archive,
        },
        values.lobby,
        files,
        setProgress,
      )
      onSaved(saved)
    } catch (error) {
      const key = errorKey(error)
      const field = (error as { field?: string }).field
      if (field && ['name', 'date_end', 'registration_end_date', 'judges', 'viewers', 'images', 'count', 'price', 'currency', 'timezone'].includes(field)) {
        setErrors({ [field === 'registration_end_date' ? 'registration_end' : field]: key })
      } else setFailure(key)
    } finally {
      setProgress(null)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => (!data.open && progress === null ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="tournament-form">
          <DialogBody>
            <DialogTitle>{tournament ? t('tournaments.form.editTitle') : t('tournaments.form.createTitle')}</DialogTitle>
            <DialogContent className={styles.column}>
              {failure ? <TextMessageBar intent="error">{t(failure)}</TextMessageBar> : null}
              {!values || !draft ? (
                failure ? null : <ProgressBar aria-label={t('tournaments.loading')} />
              ) : (
                <>
                  <Field label={t('tournaments.form.name')} required {...fieldError('name')}>
                    <Input value={values.name} maxLength={tournamentLimits.nameMax} onChange={(_, data) => set('name', data.value)} name="name" />
                  </Field>
                  <div className={styles.grid}>
                    <Field label={t('tournaments.form.dateStart')} required {...fieldError('date_start')}>
                      <Input type="date" value={values.date_start} onChange={(_, data) => set('date_start', data.value)} name="date_start" />
                    </Field>
                    <Field label={t('tournaments.form.dateEnd')} required {...fieldError('date_end')}>
                      <Input type="date" value={values.date_end} onChange={(_, data) => set('date_end', data.value)} name="date_end" />
                    </Field>
                    <Field label={t('tournaments.form.timeStart')} required {...fieldError('time_start')}>
                      <Input type="time" value={values.time_start} onChange={(_, data) => set('time_start', data.value)} name="time_start" />
                    </Field>
                    <Field label={t('tournaments.form.timezone')} {...fieldError('timezone')}>
                      <Input value={values.timezone} onChange={(_, data) => set('timezone', data.value)} name="timezone" dir="ltr" />
                    </Field>
                    <Field label={t('tournaments.form.registrationEnd')} required {...fieldError('registration_end')}>
                      <Input type="datetime-local" value={values.registration_end} onChange={(_, data) => set('registration_end', data.value)} name="registration_end" />
                    </Field>
                    <Field label={t('tournaments.form.type')}>
                      <Dropdown
                        value={t(values.type === 1 ? 'tournaments.types.dota2' : 'tournaments.types.mafia')}
                        selectedOptions={[String(values.type)]}
                        onOptionSelect={(_, data) => set('type', Number(data.optionValue))}
                      >
                        <Option value="0">{t('tournaments.types.mafia')}</Option>
                        <Option value="1">{t('tournaments.types.dota2')}</Option>
                      </Dropdown>
                    </Field>
                    <Field label={t('tournaments.form.deck')}>
                      <Dropdown
                        value={t('tournaments.form.deckName', { id: values.deckId, seats: draft.decks.find((deck) => deck.id === values.deckId)?.seats ?? 10 })}
                        selectedOptions={[String(values.deckId)]}
                        onOptionSelect={(_, data) => set('deckId', Number(data.optionValue))}
                      >
                        {draft.decks.map((deck) => (
                          <Option key={deck.id} value={String(deck.id)}>
                            {t('tournaments.form.deckName', { id: deck.id, seats: deck.seats })}
                          </Option>
                        ))}
                      </Dropdown>
                    </Field>
                    <Field label={t('tournaments.form.organization')}>
                      <Dropdown
                        value={draft.organizations.find((organization) => organization.id === values.organizationId)?.name ?? t('tournaments.form.noOrganization')}
                        selectedOptions={[String(values.organizationId ?? '')]}
                        onOptionSelect={(_, data) => set('organizationId', data.optionValue ? Number(data.optionValue) : null)}
                      >
                        <Option value="">{t('tournaments.form.noOrganization')}</Option>
                        {draft.organizations.map((organization) => (
                          <Option key={organization.id} value={String(organization.id)}>
                            {organization.name}
                          </Option>
                        ))}
                      </Dropdown>
                    </Field>
                    <Field label={t('tournaments.form.count')} {...fieldError('count')}>
                      <Input type="number" min={1} value={values.count} onChange={(_, data) => set('count', data.value)} name="count" />
                    </Field>
                    <Field label={t('tournaments.form.price')} {...fieldError('price')}>
                      <Input type="number" min={0} step="0.01" value={values.price} onChange={(_, data) => set('price', data.value)} name="price" />
                    </Field>
                    <Field label={t('tournaments.form.currency')} {...fieldError('currency')}>
                      <Input value={values.currency} maxLength={3} onChange={(_, data) => set('currency', data.value.toUpperCase())} name="currency" dir="ltr" />
                    </Field>
                  </div>
                  <Field label={t('tournaments.form.languages')}>
                    <div className={styles.row} role="group" aria-label={t('tournaments.form.languages')}>
                      {languages.map((language) => (
                        <Checkbox
                          key={language}
                          label={t(`tournaments.languages.${language}`)}
                          checked={values.language.includes(language)}
                          onChange={(_, data) => set('language', data.checked ? [...values.language, language] : values.language.filter((item) => item !== language))}
                        />
                      ))}
                    </div>
                  </Field>
                  <div className={styles.grid}>
                    <Field label={t('tournaments.form.judges')} hint={t('tournaments.picker.hint')} {...fieldError('judges')}>
                      <UserPicker label={t('tournaments.form.judges')} value={values.judges} onChange={(people) => set('judges', people)} max={tournamentLimits.judgesMax} />
                    </Field>
                    <Field label={t('tournaments.form.viewers')} hint={t('tournaments.picker.hint')} {...fieldError('viewers')}>
                      <UserPicker label={t('tournaments.form.viewers')} value={values.viewers} onChange={(people) => set('viewers', people)} max={tournamentLimits.viewersMax} />
                    </Field>
                    <Field label={t('tournaments.form.registrationLink')} hint={t('tournaments.form.registrationLinkHint')} {...fieldError('registration_link')}>
                      <Input type="url" value={values.registration_link} onChange={(_, data) => set('registration_link', data.value)} name="registration_link" dir="ltr" />
                    </Field>
                  </div>
                  <Field label={t('tournaments.form.lobbySettings')}>
                    <div className={styles.row} role="group" aria-label={t('tournaments.form.lobbySettings')}>
                      {lobbyFlags.map((flag) => (
                        <Switch key={flag} label={t(`tournaments.lobby.${flag}`)} checked={values.lobby[flag]} onChange={(_, data) => set('lobby', { ...values.lobby, [flag]: data.checked })} />
                      ))}
                      <Switch
                        label={t('tournaments.lobby.simultaneousVote')}
                        checked={values.lobby.votingType === 1}
                        onChange={(_, data) => set('lobby', { ...values.lobby, votingType: data.checked ? 1 : 0 })}
                      />
                    </div>
                  </Field>
                  <div className={styles.row}>
                    <Switch label={t('tournaments.form.active')} checked={values.is_active} onChange={(_, data) => set('is_active', data.checked)} />
                    <Switch label={t('tournaments.form.archived')} checked={values.is_archive} onChange={(_, data) => set('is_archive', data.checked)} />
                  </div>
                  <Field label={t('tournaments.form.images')} hint={t('tournaments.form.imagesHint', { max: tournamentLimits.imagesMax })} {...fieldError('images')}>
                    <input
                      type="file"
                      accept={imageTypes.join(',')}
                      multiple
                      name="images"
                      aria-label={t('tournaments.form.images')}
                      onChange={(event) => setFiles([...(event.target.files ?? [])])}
                    />
                  </Field>
                  {values.keep.length > 0 ? (
                    <div className={styles.row}>
                      {values.keep.map((path) => (
                        <Checkbox key={path} label={t('tournaments.form.keepImage', { name: path.split('/').pop() })} checked onChange={() => set('keep', values.keep.filter((item) => item !== path))} />
                      ))}
                    </div>
                  ) : null}
                  {progress !== null ? (
                    <Field label={t('tournaments.form.uploading')} validationState="none">
                      <ProgressBar value={progress} max={1} data-testid="upload-progress" />
                    </Field>
                  ) : null}
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={onClose} disabled={progress !== null}>
                {t('tournaments.form.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={!values || progress !== null}>
                {t('tournaments.form.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
