import { makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameView } from '../../../../server/contract/game'
import type { UserCard } from '../../../../server/contract/socket/common'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { useTableCommands } from '../actions/table-commands'
import { pickedSeats, tileAction, tileCommand, toggleBestMove, type TileAction } from './seat-actions'
import { arrowTarget, digitSeat, typingTarget } from './seat-keys'
import { seatName } from './seat-name'
import { SeatTile } from './SeatTile'

const useStyles = makeStyles({
  grid: { display: 'grid', gap: tokens.spacingHorizontalS, justifyContent: 'center', alignContent: 'center', width: '100%', height: '100%' },
  strip: { display: 'flex', gap: tokens.spacingHorizontalXS, overflowX: 'auto', paddingBlock: tokens.spacingVerticalXXS, scrollSnapType: 'x proximity' },
})

export interface SeatBoardProps {
  lobby: Lobby
  view: GameView | null
  /** `grid`: the table's tiles sized to the space (`columns` × `tileWidth`); `strip`: the phone's filmstrip. */
  layout: 'grid' | 'strip'
  columns?: number
  tileWidth?: number
}

function actionKey(action: TileAction, view: GameView, picked: boolean): string {
  if (action === 'night') return `game.screen.action.night.${view.actions.player?.night?.step ?? 'shooting'}`
  if (action === 'best_move') return picked ? 'game.screen.action.bestMoveRemove' : 'game.screen.action.bestMove'
  if (action === 'judge-confirm') return 'game.screen.action.judgeConfirm'
  return `game.screen.action.${action}`
}

/**
 * The seats (the judge first) as tiles the viewer acts on: a click, Enter or Space on a tile, or
 * its digit key (1–9, 0 for seat 10) gives the action the view offers there; arrow keys move
 * between seats (one of them in the tab order at a time).
 */
export function SeatBoard({ lobby, view, layout, columns = 1, tileWidth }: SeatBoardProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { run, busy, error, bestMove, setBestMove } = useTableCommands()
  const cards = new Map<number, UserCard>(lobby.lobby.players.map((seat) => [seat.seat, seat.user]))
  const order: (number | 'judge')[] = [...(lobby.lobby.settings.judge || lobby.lobby.judge ? ['judge' as const] : []), ...Array.from({ length: lobby.lobby.seatCount }, (_, index) => index + 1)]
  const [focused, setFocused] = useState(0)
  const boardId = useId()
  // A seat's focusable face and the judge's menu trigger, found in the board when a key or click needs them.
  const inBoard = <E extends HTMLElement>(selector: string) => document.getElementById(boardId)?.querySelector<E>(selector) ?? null
  const face = (seat: number | 'judge') => inBoard<HTMLButtonElement>(`[data-seat-face="${seat}"]`)
  const picked = view ? pickedSeats(view, bestMove) : new Set<number>()

  // The judge's menu of a seat, opened from its tile (its own trigger sits in the tile's tools).
  const openMenu = (seat: number) => inBoard(`[data-testid="seat-menu-${seat}"]`)?.click()

  // An action offered on a seat, run: at once, or as a best-move pick for the action bar to send.
  const act = (seat: number) => {
    if (!view || busy) return
    const action = tileAction(view, seat)
    if (!action) return lobby.as === 'judge' ? openMenu(seat) : undefined
    if (action === 'best_move') return setBestMove(toggleBestMove(bestMove.filter((item) => view.actions.player?.bestMove.includes(item)), seat))
    const command = tileCommand(action, seat)
    if (command) void run(command, seat)
  }

  const focusIndex = (index: number) => {
    setFocused(index)
    const seat = order[index]
    if (seat !== undefined) face(seat)?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    // The seat whose face has the focus (a tool inside a tile keeps its own keys).
    const current = order.findIndex((seat) => face(seat) === event.target)
    if (current < 0) return
    const next = arrowTarget(event.key, current, order.length, layout === 'grid' ? columns : order.length, rtl)
    if (next === null) return
    event.preventDefault()
    focusIndex(next)
  }

  // Digit keys anywhere on the screen, except while typing.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typingTarget(event.target)) return
      const seat = digitSeat(event.key)
      if (seat === null || seat > lobby.lobby.seatCount) return
      event.preventDefault()
      const index = order.indexOf(seat)
      setFocused(index)
      face(seat)?.focus()
      act(seat)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  const tiles = order.map((seat, index) => {
    const card = seat === 'judge' ? lobby.lobby.judge : (cards.get(seat) ?? null)
    const action = view && seat !== 'judge' ? tileAction(view, seat) : null
    const isPicked = seat !== 'judge' && picked.has(seat)
    const name = seat === 'judge' ? `${t('game.seat.judge')}${card ? `: ${card.nickname}` : ''}` : seatName(t, seat, card?.nickname)
    const label = action && view ? t(actionKey(action, view, isPicked), { seat: name }) : lobby.as === 'judge' && seat !== 'judge' && view ? t('game.screen.action.judgeMenu', { seat: name }) : name
    const seatError = error && error.place === seat ? t(error.key) : null
    return (
      <SeatTile
        key={seat}
        seat={seat}
        card={card}
        view={view}
        action={action}
        label={label}
        picked={isPicked}
        busy={busy}
        error={seatError}
        tabIndex={index === Math.min(focused, order.length - 1) ? 0 : -1}
        onFocus={() => setFocused(index)}
        onAct={() => seat !== 'judge' && act(seat)}
        onOpen={lobby.as === 'judge' && seat !== 'judge' && view ? () => openMenu(seat) : undefined}
        strip={layout === 'strip'}
        lobbyId={lobby.id}
        viewer={lobby.as}
      />
    )
  })

  if (layout === 'strip') {
    return (
      <div id={boardId} className={styles.strip} role="group" aria-label={t('game.seats')} data-testid="filmstrip" onKeyDown={onKeyDown}>
        {tiles}
      </div>
    )
  }
  return (
    <div
      id={boardId}
      className={styles.grid}
      style={tileWidth ? { gridTemplateColumns: `repeat(${columns}, ${tileWidth}px)` } : { gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}
      role="group"
      aria-label={t('game.seats')}
      data-testid="seat-grid"
      onKeyDown={onKeyDown}
    >
      {tiles}
    </div>
  )
}
