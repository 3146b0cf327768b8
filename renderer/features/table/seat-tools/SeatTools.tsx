import {
  Button,
  Caption1,
  Field,
  Label,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Radio,
  RadioGroup,
  Slider,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components'
import { MoreVertical20Regular } from '@fluentui/react-icons'
import { useEffect, useId, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { noteLimits } from '../../../../server/contract/http/notes'
import type { UserCard } from '../../../../server/contract/socket/common'
import { personVolumeState, setPersonVolume, volumeOf } from '../../../state/person-volume'
import { loadNotes, noteLength, privateNotesState, saveNote, validateNote } from '../../../state/private-notes'
import { seatMarks, setSeatMark, type SeatMark } from '../../../state/seat-marks'
import { markLook } from './SeatMarkBadge'
import { useSeatMark } from './use-seat-mark'

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, width: '300px', maxWidth: 'calc(100vw - 32px)' },
  title: { fontWeight: tokens.fontWeightSemibold },
  marks: { display: 'flex', flexWrap: 'wrap' },
  markLabel: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  counter: { color: tokens.colorNeutralForeground3, fontVariantNumeric: 'tabular-nums' },
  over: { color: tokens.colorPaletteRedForeground1 },
  dot: { display: 'inline-block', width: '10px', height: '10px', borderRadius: tokens.borderRadiusCircular },
  suspicion: { backgroundColor: tokens.colorPaletteRedBackground3 },
  trust: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  unsure: { backgroundColor: tokens.colorPaletteYellowBackground3 },
  none: { border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}` },
})

export interface SeatToolsProps {
  lobbyId: number
  /** A player's seat (1..10), or the judge's place (no mark there: marks are about players). */
  seat: number | 'judge'
  /** Who sits there (null: an empty seat, which takes a mark only). */
  user: UserCard | null
  /** The seat is the viewer's own: no note on oneself, no volume for one's own voice. */
  viewerIsSelf: boolean
}

// A click or a key inside the tools is theirs, never the tile's (which would act on the seat).
const keepInside = (event: MouseEvent | KeyboardEvent) => event.stopPropagation()

/** The viewer's private note on the person in the seat: loaded when shown, saved on demand. */
function NoteEditor({ seat, user }: { seat: number | 'judge'; user: UserCard }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { notes, loaded } = useSnapshot(privateNotesState)
  const stored = notes[user.id]?.text ?? ''
  const [draft, setDraft] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const text = draft ?? stored
  const length = noteLength(text)
  const over = length > noteLimits.textMax
  const counterId = useId()

  useEffect(() => {
    loadNotes([user.id]).catch(() => setError('game.seatTools.note.loadFailed'))
  }, [user.id])

  const save = async () => {
    const checked = validateNote(text)
    if (!checked.ok) {
      setError(checked.error)
      return
    }
    setSaving(true)
    setStatus(null)
    const result = await saveNote(user.id, text)
    setSaving(false)
    if (!result.ok) {
      setError(result.error)
      return
    }
    setError(null)
    setDraft(null)
    setStatus(result.deleted ? 'game.seatTools.note.deleted' : 'game.seatTools.note.saved')
  }

  return (
    <>
      <Field
        label={t('game.seatTools.note.label', { name: user.nickname })}
        hint={t('game.seatTools.note.hint')}
        validationState={error || over ? 'error' : 'none'}
        validationMessage={error ? t(error) : over ? t('errors.notes.too_long') : undefined}
      >
        <Textarea
          value={text}
          disabled={!loaded[user.id] && draft === null && error === null}
          resize="vertical"
          rows={4}
          aria-describedby={counterId}
          data-testid={`seat-note-${seat}`}
          onChange={(_, data) => {
            setDraft(data.value)
            setStatus(null)
            if (error) setError(null)
          }}
        />
      </Field>
      <div className={styles.row}>
        <Caption1 id={counterId} className={over ? styles.over : styles.counter} data-testid={`seat-note-counter-${seat}`}>
          {t('game.seatTools.note.counter', { count: length, max: noteLimits.textMax })}
        </Caption1>
        <Button appearance="primary" size="small" disabled={saving || over || draft === null} onClick={() => void save()} data-testid={`seat-note-save-${seat}`}>
          {t('game.seatTools.note.save')}
        </Button>
      </div>
      <Caption1 role="status" aria-live="polite" data-testid={`seat-note-status-${seat}`}>
        {status ? t(status) : ''}
      </Caption1>
    </>
  )
}

/** How loud the viewer hears the person in the seat, remembered for that person across games. */
function VolumeSlider({ seat, user }: { seat: number | 'judge'; user: UserCard }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { volumes } = useSnapshot(personVolumeState)
  const volume = volumeOf({ volumes }, user.id)
  const id = useId()
  return (
    <div>
      <div className={styles.row}>
        <Label htmlFor={id}>{t('game.seatTools.volume.label', { name: user.nickname })}</Label>
        <Caption1 className={styles.counter}>{t('game.seatTools.volume.value', { value: volume })}</Caption1>
      </div>
      <Slider
        id={id}
        min={0}
        max={100}
        step={5}
        value={volume}
        onChange={(_, data) => setPersonVolume(user.id, data.value)}
        aria-valuetext={t('game.seatTools.volume.value', { value: volume })}
        data-testid={`seat-volume-${seat}`}
      />
    </div>
  )
}

/** The viewer's colour on a player's seat (a radio group; each mark has its colour and icon). */
function MarkChoice({ lobbyId, seat }: { lobbyId: number; seat: number }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const mark = useSeatMark(lobbyId, seat)
  const labelId = useId()
  return (
    <div>
      <Label id={labelId}>{t('game.seatTools.mark.label')}</Label>
      <RadioGroup
        aria-labelledby={labelId}
        layout="horizontal"
        className={styles.marks}
        value={mark}
        onChange={(_, data) => setSeatMark(lobbyId, seat, data.value as SeatMark)}
      >
        {seatMarks.map((value) => (
          <Radio
            key={value}
            value={value}
            data-testid={`seat-mark-${seat}-${value}`}
            label={
              <span className={styles.markLabel}>
                <span className={mergeClasses(styles.dot, styles[value])} aria-hidden />
                {value === 'none' ? null : <span aria-hidden>{markLook[value].icon}</span>}
                {t(`game.seatTools.mark.${value}`)}
              </span>
            }
          />
        ))}
      </RadioGroup>
    </div>
  )
}

/**
 * A seat tile's own tools for the viewer (`seat-tools-{seat}`): their colour on the seat, their
 * private note on the person sitting there (the judge's notes per seat are the same notes) and
 * how loud they hear that person. All of it is the viewer's alone; none of it touches the game.
 */
export function SeatTools({ lobbyId, seat, user, viewerIsSelf }: SeatToolsProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const name = user?.nickname ?? t('game.seat.empty')
  const title = seat === 'judge' ? t('game.seatTools.judgeTitle', { name }) : t('game.seatTools.title', { seat, name })
  // The judge's place takes no mark: with nobody there, or for the judge themselves, nothing is left to offer.
  if (seat === 'judge' && (viewerIsSelf || !user)) return null

  return (
    <Popover trapFocus withArrow positioning="below-end">
      <PopoverTrigger disableButtonEnhancement>
        <Button
          size="small"
          appearance="subtle"
          icon={<MoreVertical20Regular />}
          aria-label={seat === 'judge' ? t('game.seatTools.openJudge', { name }) : t('game.seatTools.open', { seat, name })}
          data-testid={`seat-tools-${seat}`}
          onClick={keepInside}
          onKeyDown={keepInside}
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={title} onClick={keepInside} onKeyDown={keepInside}>
        <Text className={styles.title}>{title}</Text>
        {seat === 'judge' ? null : <MarkChoice lobbyId={lobbyId} seat={seat} />}
        {user && !viewerIsSelf ? (
          <>
            <NoteEditor seat={seat} user={user} />
            <VolumeSlider seat={seat} user={user} />
          </>
        ) : null}
      </PopoverSurface>
    </Popover>
  )
}
