import {
  makeStyles,
  Spinner,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  tokens,
  type TagPickerProps,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../api/client'
import { statisticsLimits, statisticsRoutes } from '../../../server/contract/http/statistics'
import type { TournamentPerson } from '../../../server/contract/http/tournaments'
import { UserAvatar } from '../../components/UserAvatar'

const useStyles = makeStyles({
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingVerticalS },
})

/** Typing pauses this long before the search is sent. */
export const userSearchDelayMs = 300

/** The value of the list's one option while nothing can be chosen (searching, nothing found). */
const statusOption = '__status__'

export interface UserPickerProps {
  /** The people chosen, in the order they were chosen. */
  value: readonly TournamentPerson[]
  onChange(people: TournamentPerson[]): void
  /** Most people that may be chosen. */
  max: number
  /** Names the search box (the field's label). */
  label: string
}

/**
 * Chooses people by nickname: typing searches (after a short pause) the players whose nickname
 * holds the text, taken literally; each found one shows their avatar; the chosen ones stand as
 * chips, each removable by a click, by Delete, or Backspace at the start of the box. Arrow keys
 * and Enter choose from the list.
 */
export function UserPicker({ value, onChange, max, label }: UserPickerProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [query, setQuery] = useState('')
  // The list opens as one types and closes on Escape, a choice or leaving the box.
  const [open, setOpen] = useState(false)
  // The answer for one search text: shown only while that text is in the box.
  const [answer, setAnswer] = useState<{ search: string; items: TournamentPerson[] | null } | null>(null)
  const search = query.trim()
  const current = answer?.search === search ? answer : null
  const found = current?.items ?? null
  const failed = current !== null && current.items === null

  useEffect(() => {
    if (search === '') return
    const abort = new AbortController()
    const timer = setTimeout(() => {
      call(statisticsRoutes.players, { query: { search: search.slice(0, statisticsLimits.searchMax) }, signal: abort.signal })
        .then((result) => setAnswer({ search, items: result.items }))
        .catch(() => {
          if (!abort.signal.aborted) setAnswer({ search, items: null })
        })
    }, userSearchDelayMs)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [search])

  const chosen = new Set(value.map((person) => String(person.id)))
  const options = (found ?? []).filter((person) => !chosen.has(String(person.id)))
  const full = value.length >= max

  const select: TagPickerProps['onOptionSelect'] = (_, data) => {
    if (data.value === statusOption) return
    const id = Number(data.value)
    if (chosen.has(data.value)) {
      onChange(value.filter((person) => person.id !== id))
      return
    }
    const person = options.find((item) => item.id === id)
    if (!person || full) return
    onChange([...value, person])
    setQuery('')
    setOpen(false)
  }

  const status = search === '' ? null : full ? t('tournaments.picker.full', { max }) : failed ? t('tournaments.picker.failed') : found === null ? t('tournaments.picker.searching') : options.length === 0 ? t('tournaments.picker.noMatches', { search }) : null

  return (
    <TagPicker onOptionSelect={select} selectedOptions={[...chosen]} open={open && search !== ''} onOpenChange={(_, data) => setOpen(data.open)}>
      <TagPickerControl>
        <TagPickerGroup aria-label={t('tournaments.picker.chosen', { label })}>
          {value.map((person) => (
            <Tag
              key={person.id}
              value={String(person.id)}
              shape="circular"
              media={<UserAvatar user={{ nickname: person.nickname, avatar: person.avatar, isPremium: false }} size={20} initials={false} />}
              dismissible
              dismissIcon={{ 'aria-label': t('tournaments.picker.remove', { nickname: person.nickname }) }}
              data-testid="picked-user"
            >
              <span dir="auto">{person.nickname}</span>
            </Tag>
          ))}
        </TagPickerGroup>
        <TagPickerInput
          aria-label={label}
          value={query}
          maxLength={statisticsLimits.searchMax}
          placeholder={t('tournaments.picker.placeholder')}
          onChange={(event) => {
            setQuery(event.target.value)
            setOpen(true)
          }}
        />
      </TagPickerControl>
      <TagPickerList>
        {status !== null ? (
          <TagPickerOption value={statusOption} text={status}>
            <span className={styles.status}>
              {found === null && !failed ? <Spinner size="extra-tiny" /> : null}
              {status}
            </span>
          </TagPickerOption>
        ) : (
          options.map((person) => (
            <TagPickerOption
              key={person.id}
              value={String(person.id)}
              text={person.nickname}
              media={<UserAvatar user={{ nickname: person.nickname, avatar: person.avatar, isPremium: false }} size={24} initials={false} />}
            >
              <span dir="auto">{person.nickname}</span>
            </TagPickerOption>
          ))
        )}
      </TagPickerList>
    </TagPicker>
  )
}
