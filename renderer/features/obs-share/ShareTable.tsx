import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { MicOff16Regular, Mic16Regular } from '@fluentui/react-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameView, SeatView } from '../../../server/contract/game'
import type { Lobby } from '../../../server/contract/socket/lobbies'
import type { UserCard } from '../../../server/contract/socket/common'
import { RoleIcon } from '../../components/role-icons'
import { UserAvatar } from '../../components/UserAvatar'
import { formatClock, useTimeLeft } from '../table'
import { sharePhaseText } from './share-phase'

/*
 * Sized for a 1920x1080 browser source: the whole page is the table, no scrolling, readable over any
 * scene (white text on dark glass plates), and nothing to click.
 */
const plate = 'rgba(12, 12, 16, 0.72)'
const useStyles = makeStyles({
  root: {
    position: 'fixed',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '24px',
    boxSizing: 'border-box',
    color: '#ffffff',
    fontFamily: tokens.fontFamilyBase,
    textShadow: '0 1px 2px rgba(0, 0, 0, 0.8)',
  },
  head: { display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' },
  plate: { display: 'flex', alignItems: 'center', gap: '12px', paddingBlock: '8px', paddingInline: '16px', borderRadius: '12px', backgroundColor: plate },
  tableName: { fontSize: '28px', fontWeight: tokens.fontWeightSemibold },
  phase: { fontSize: '26px' },
  clock: { fontSize: '34px', fontWeight: tokens.fontWeightBold, fontVariantNumeric: 'tabular-nums', minWidth: '4ch', textAlign: 'center' },
  paused: { fontSize: '22px', color: '#ffd166' },
  judge: { fontSize: '22px' },
  seats: { flexGrow: 1, display: 'grid', gap: '16px', alignContent: 'center', listStyle: 'none', margin: 0, padding: 0 },
  seat: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    borderRadius: '14px',
    overflow: 'hidden',
    backgroundColor: plate,
    outline: '4px solid transparent',
    outlineOffset: '-4px',
  },
  speaking: { outlineColor: '#4cc2ff' },
  nominated: { outlineColor: '#ffd166' },
  left: { opacity: 0.45 },
  video: { position: 'relative', width: '100%', aspectRatio: '16 / 9', display: 'flex', alignItems: 'center', justifyContent: 'center', backgroundColor: 'rgba(0, 0, 0, 0.35)' },
  nameplate: { display: 'flex', alignItems: 'center', gap: '8px', paddingBlock: '8px', paddingInline: '10px', minWidth: 0 },
  number: {
    flexShrink: 0,
    minWidth: '32px',
    height: '32px',
    borderRadius: '8px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '20px',
    fontWeight: tokens.fontWeightBold,
    backgroundColor: '#c4314b',
  },
  nick: { flexGrow: 1, fontSize: '22px', fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  status: { display: 'flex', alignItems: 'center', gap: '8px', paddingInline: '10px', paddingBlockEnd: '8px', fontSize: '18px', minHeight: '26px' },
  fouls: { display: 'flex', gap: '4px' },
  foul: { width: '14px', height: '14px', borderRadius: '50%', ...shorthands.border('2px', 'solid', 'rgba(255, 255, 255, 0.7)') },
  foulTaken: { backgroundColor: '#ffd166', ...shorthands.borderColor('#ffd166') },
  tag: { paddingInline: '8px', borderRadius: '6px', backgroundColor: 'rgba(255, 255, 255, 0.16)' },
  leftTag: { backgroundColor: '#c4314b' },
})

/** The phase's countdown, ticking from the view's deadline. */
function Countdown({ view }: { view: GameView }) {
  const styles = useStyles()
  const left = useTimeLeft(view)
  if (left === null) return null
  return (
    <span className={styles.clock} role="timer" aria-live="off" data-testid="obs-countdown">
      {formatClock(left)}
    </span>
  )
}

/** Four foul marks, the taken ones filled. */
function Fouls({ count, seat }: { count: number; seat: number }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <span className={styles.fouls} role="img" aria-label={t('game.seat.fouls', { count })} data-testid={`obs-fouls-${seat}`} data-fouls={count}>
      {[0, 1, 2, 3].map((index) => (
        <span key={index} className={mergeClasses(styles.foul, index < count && styles.foulTaken)} />
      ))}
    </span>
  )
}

export interface SeatTileProps {
  number: number
  card: UserCard | null
  seat: SeatView | undefined
  view: GameView | null
  /** The seat's video, when the table's media is shown (none: the avatar stands in). */
  video?: ReactNode
}

/** One seat: its video (or avatar), the number, the name, fouls and whether the player is still in. */
function SeatTile({ number, card, seat, view, video }: SeatTileProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const speaking = view?.speaker === number
  const nominated = view?.nominations.some((nomination) => nomination.target === number) ?? false
  const out = seat !== undefined && !seat.atTable
  const micOpen = view ? view.microphones.includes(number) : false
  return (
    <li
      className={mergeClasses(styles.seat, speaking && styles.speaking, !speaking && nominated && styles.nominated, out && styles.left)}
      data-testid={`obs-seat-${number}`}
      data-speaking={speaking || undefined}
      data-left={out ? (seat.left ?? 'yes') : undefined}
      aria-label={card ? `${t('game.seat.number', { seat: number })}: ${card.nickname}` : t('game.seat.number', { seat: number })}
    >
      <div className={styles.video} data-testid={`obs-slot-${number}`}>
        {video ?? (card ? <UserAvatar user={card} size={96} /> : null)}
      </div>
      <div className={styles.nameplate}>
        <span className={styles.number}>{number}</span>
        <span className={styles.nick} data-testid={`obs-name-${number}`}>
          {card ? card.nickname : t('game.seat.empty')}
        </span>
        {view ? micOpen ? <Mic16Regular aria-label={t('game.seat.micOpen')} /> : <MicOff16Regular aria-label={t('game.seat.micClosed')} /> : null}
      </div>
      <div className={styles.status}>
        {seat ? <Fouls count={seat.fouls} seat={number} /> : null}
        {speaking ? <span className={styles.tag}>{t('game.seat.speaking')}</span> : null}
        {nominated ? <span className={styles.tag}>{t('game.seat.nominated')}</span> : null}
        {out ? <span className={mergeClasses(styles.tag, styles.leftTag)}>{t(`game.left.${seat.left ?? 'vote'}`)}</span> : null}
      </div>
    </li>
  )
}

/**
 * The streamer's table as spectators see it: the table's name, the phase and its countdown, the
 * judge, and every seat with its name, number, fouls and state. Roles never appear: the view is the
 * spectators' own, and this component shows none anyway.
 */
export function ShareTable({ lobby, videoOf }: { lobby: Lobby; videoOf?: (user: UserCard, seat: number, view: GameView | null) => ReactNode }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const view = (lobby.game?.view ?? null) as GameView | null
  const summary = lobby.lobby
  const seatCount = view ? view.seats.length : summary.seatCount
  const columns = Math.max(1, Math.ceil(seatCount / 2))
  return (
    <div className={styles.root} data-testid="obs-table" data-lobby={lobby.id}>
      <div className={styles.head}>
        <div className={styles.plate}>
          <span className={styles.tableName} data-testid="obs-table-name">
            {summary.name}
          </span>
        </div>
        <div className={styles.plate}>
          <span className={styles.phase} data-testid="obs-phase">
            {view ? sharePhaseText(t, view) : t('game.waiting', { taken: summary.players.length, total: summary.seatCount })}
          </span>
          {view ? <Countdown view={view} /> : null}
          {view?.paused ? <span className={styles.paused}>{t('game.paused')}</span> : null}
        </div>
        {summary.judge ? (
          <div className={styles.plate} data-testid="obs-judge">
            <RoleIcon role="Judge" size={22} />
            <span className={styles.judge}>
              {t('game.seat.judge')}: {summary.judge.nickname}
            </span>
          </div>
        ) : null}
      </div>
      <ul className={styles.seats} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }} aria-label={t('game.seats')}>
        {Array.from({ length: seatCount }, (_, index) => {
          const number = index + 1
          const card = summary.players.find((player) => player.seat === number)?.user ?? null
          return <SeatTile key={number} number={number} card={card} seat={view?.seats[index]} view={view} video={card && videoOf ? videoOf(card, number, view) : undefined} />
        })}
      </ul>
    </div>
  )
}
