import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  SearchBox,
  Subtitle1,
  Switch,
  tokens,
} from '@fluentui/react-components'
import { Add20Regular, ChevronLeft20Regular, ChevronRight20Regular, Edit20Regular, Trophy20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useSnapshot } from 'valtio'
import { call } from '../../api/client'
import { Role } from '../../../server/contract/http/auth'
import { tournamentsRoutes, tournamentTypes, type ScheduleFilter, type Tournament } from '../../../server/contract/http/tournaments'
import { EmptyState } from '../../components/EmptyState'
import { errorText } from '../../components/error-text'
import { LoadingState } from '../../components/LoadingState'
import { Screen } from '../../components/Screen'
import { TextMessageBar } from '../../components/TextMessageBar'
import { sessionState } from '../../state/session'
import { TournamentDetails } from './TournamentDetails'
import { TournamentForm } from './TournamentForm'

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  poster: { width: '100%', maxHeight: '180px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  facts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
})

const pageSize = 10
const searchDelayMs = 300
const languages = ['uk', 'en', 'de', 'he'] as const

/**
 * /tournaments and /dota2: the schedule with its filters, registration (also through the
 * registration link, `?register={id}`), and each tournament's rounds, tables and standings.
 */
export function TournamentsScreen({ type = tournamentTypes.mafia }: { type?: number }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const { user } = useSnapshot(sessionState)
  const [params, setParams] = useSearchParams()
  const linked = Number(params.get('register')) || null
  const [search, setSearch] = useState('')
  const [sentSearch, setSentSearch] = useState('')
  const [language, setLanguage] = useState<string | null>(null)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [archived, setArchived] = useState(false)
  const [page, setPage] = useState(1)
  const [items, setItems] = useState<Tournament[] | null>(null)
  const [total, setTotal] = useState(0)
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [open, setOpen] = useState<number | null>(linked)
  const [version, setVersion] = useState(0)
  const [editing, setEditing] = useState<Tournament | null | undefined>(undefined)
  const [memberOfOrganization, setMemberOfOrganization] = useState(false)
  const [registering, setRegistering] = useState<number | null>(null)
  const [linkedTournament, setLinkedTournament] = useState<Tournament | null>(null)

  useEffect(() => {
    const timer = setTimeout(() => {
      setSentSearch(search.trim())
      setPage(1)
    }, searchDelayMs)
    return () => clearTimeout(timer)
  }, [search])

  // Moderators and admins organise; other users when they belong to an organisation.
  const staff = user?.roleId === Role.moderator || user?.roleId === Role.admin
  useEffect(() => {
    if (!user || staff) return
    const abort = new AbortController()
    call(tournamentsRoutes.loadOrganizations, { signal: abort.signal })
      .then((answer) => setMemberOfOrganization(answer.items.length > 0))
      .catch(() => setMemberOfOrganization(false))
    return () => abort.abort()
  }, [user, staff])
  const mayOrganize = staff || memberOfOrganization
  /** A filter changed: the schedule starts again at its first page. */
  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value)
    setPage(1)
  }

  useEffect(() => {
    const abort = new AbortController()
    const filter: ScheduleFilter = { type, page, itemsPerPage: pageSize, archived }
    if (sentSearch) filter.search = sentSearch
    if (language) filter.language = language
    if (from) filter.from = from
    if (to) filter.to = to
    call(tournamentsRoutes.schedule, { body: filter, signal: abort.signal })
      .then((answer) => {
        setError(null)
        setItems(answer.items)
        setTotal(answer.total)
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [type, page, sentSearch, language, from, to, archived, version])

  // The registration link names a tournament that may not be on this page of the schedule.
  useEffect(() => {
    if (!linked) return
    const abort = new AbortController()
    call(tournamentsRoutes.detail, { params: { id: linked }, signal: abort.signal })
      .then((answer) => setLinkedTournament(answer.tournament))
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [linked, version])

  const register = async (tournament: Tournament) => {
    setRegistering(tournament.id)
    setError(null)
    setNotice(null)
    try {
      await call(tournamentsRoutes.register, { params: { id: tournament.id } })
      setNotice(t('tournaments.registeredNotice', { name: tournament.name }))
      setVersion((value) => value + 1)
    } catch (failure) {
      setError(failure)
    } finally {
      setRegistering(null)
    }
  }

  const date = (value: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`))
  const money = (tournament: Tournament) =>
    tournament.price === 0 ? t('tournaments.free') : new Intl.NumberFormat(i18n.language, { style: 'currency', currency: tournament.currency }).format(tournament.price)
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const shown = linkedTournament && !(items ?? []).some((item) => item.id === linkedTournament.id) ? [linkedTournament, ...(items ?? [])] : (items ?? [])

  return (
    <Screen
      title={t(type === tournamentTypes.dota2 ? 'tournaments.dota2Title' : 'tournaments.title')}
      actions={
        mayOrganize ? (
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => setEditing(null)}>
            {t('tournaments.create')}
          </Button>
        ) : null
      }
    >
      <div className={styles.filters} role="search" aria-label={t('tournaments.filters')}>
        <Field label={t('tournaments.search')}>
          <SearchBox value={search} onChange={(_, data) => setSearch(data.value)} maxLength={50} />
        </Field>
        <Field label={t('tournaments.language')}>
          <Dropdown
            value={language ? t(`tournaments.languages.${language}`) : t('tournaments.anyLanguage')}
            selectedOptions={[language ?? '']}
            onOptionSelect={(_, data) => filtered(setLanguage)(data.optionValue ? data.optionValue : null)}
          >
            <Option value="">{t('tournaments.anyLanguage')}</Option>
            {languages.map((item) => (
              <Option key={item} value={item}>
                {t(`tournaments.languages.${item}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('tournaments.from')}>
          <Input type="date" value={from} onChange={(_, data) => filtered(setFrom)(data.value)} />
        </Field>
        <Field label={t('tournaments.to')}>
          <Input type="date" value={to} onChange={(_, data) => filtered(setTo)(data.value)} />
        </Field>
        <Switch label={t('tournaments.archived')} checked={archived} onChange={(_, data) => filtered(setArchived)(data.checked)} />
      </div>
      {notice ? <TextMessageBar intent="success">{notice}</TextMessageBar> : null}
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      {items === null ? (
        error ? null : <LoadingState />
      ) : shown.length === 0 ? (
        <EmptyState icon={<Trophy20Regular />} title={t('tournaments.empty')} hint={t('tournaments.emptyHint')} />
      ) : (
        <div className={styles.list}>
          {shown.map((tournament) => (
            <Card key={tournament.id} className={styles.card} data-testid="tournament-card" aria-label={tournament.name}>
              {tournament.image[0] ? <img className={styles.poster} src={tournament.image[0]} alt={t('tournaments.poster', { name: tournament.name })} /> : null}
              <CardHeader
                header={
                  <Subtitle1 as="h2" dir="auto">
                    {tournament.name}
                  </Subtitle1>
                }
                description={tournament.organization ? <Caption1 dir="auto">{tournament.organization}</Caption1> : undefined}
              />
              <div className={styles.facts}>
                <Body1>{t('tournaments.dates', { start: date(tournament.date_start), end: date(tournament.date_end), time: tournament.time_start, zone: tournament.timezone })}</Body1>
                <Body1>{money(tournament)}</Body1>
                <Body1>{t('tournaments.places', { registered: tournament.registered, places: tournament.count })}</Body1>
                <Body1>
                  {t('tournaments.registrationUntil', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(tournament.registration_end_date)) })}
                </Body1>
                {tournament.is_archive ? <Badge appearance="outline">{t('tournaments.archivedBadge')}</Badge> : null}
              </div>
              <div className={styles.actions}>
                {tournament.isRegistered ? (
                  <Badge appearance="filled" color="success">
                    {t('tournaments.youAreRegistered')}
                  </Badge>
                ) : tournament.registrationOpen ? (
                  <Button appearance="primary" onClick={() => void register(tournament)} disabled={registering === tournament.id}>
                    {t('tournaments.register')}
                  </Button>
                ) : (
                  <Caption1>{t('tournaments.registrationClosed')}</Caption1>
                )}
                <Button
                  appearance="secondary"
                  aria-expanded={open === tournament.id}
                  onClick={() => {
                    setOpen(open === tournament.id ? null : tournament.id)
                    if (linked) setParams({}, { replace: true })
                  }}
                >
                  {open === tournament.id ? t('tournaments.hideDetails') : t('tournaments.showDetails')}
                </Button>
                {tournament.canOrganize ? (
                  <Button appearance="subtle" icon={<Edit20Regular />} onClick={() => setEditing(tournament)}>
                    {t('tournaments.edit')}
                  </Button>
                ) : null}
              </div>
              {open === tournament.id ? <TournamentDetails id={tournament.id} version={version} /> : null}
            </Card>
          ))}
        </div>
      )}
      {total > pageSize ? (
        <div className={styles.pager}>
          <Button icon={<ChevronLeft20Regular />} disabled={page <= 1} onClick={() => setPage(page - 1)} aria-label={t('tournaments.previous')} />
          <Caption1>{t('tournaments.page', { page, pages })}</Caption1>
          <Button icon={<ChevronRight20Regular />} disabled={page >= pages} onClick={() => setPage(page + 1)} aria-label={t('tournaments.next')} />
        </div>
      ) : null}
      {editing === undefined ? null : (
      <TournamentForm
        open
        tournament={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined)
          setNotice(t('tournaments.savedNotice', { name: saved.name }))
          setOpen(saved.id)
          setVersion((value) => value + 1)
        }}
      />
      )}
    </Screen>
  )
}

/** /dota2: the schedule of the Dota 2 discipline. */
export function Dota2Screen() {
  return <TournamentsScreen type={tournamentTypes.dota2} />
}
