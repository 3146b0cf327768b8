import { Badge, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { Checkmark12Filled } from '@fluentui/react-icons'
import type { SyntheticEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameView } from '../../../../server/contract/game'
import type { UserCard } from '../../../../server/contract/socket/common'
import { RoleIcon } from '../../../components/role-icons'
import { JudgeSeatMenu } from '../judge'
import { SeatMarkBadge, SeatTools, useSeatMark } from '../seat-tools'
import { checksOn, nominationsShown } from '../table-display'
import { PinButton, SeatVideo } from '../video'
import type { TileAction } from './seat-actions'

const useStyles = makeStyles({
  tile: {
    position: 'relative',
    boxSizing: 'border-box',
    aspectRatio: '16 / 9',
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground6,
    ...shorthands.border(tokens.strokeWidthThick, 'solid', 'transparent'),
  },
  strip: { width: '136px', flexShrink: 0 },
  speaking: { ...shorthands.borderWidth('4px'), ...shorthands.borderColor(tokens.colorBrandStroke1) },
  actionable: { cursor: 'pointer', ...shorthands.borderColor(tokens.colorNeutralStrokeAccessible), ':hover': { ...shorthands.borderColor(tokens.colorBrandStroke2Hover) } },
  picked: { ...shorthands.borderColor(tokens.colorPaletteGreenBorderActive) },
  left: { opacity: 0.55 },
  video: { position: 'absolute', inset: 0 },
  // The tile's one focusable face: Enter / Space act, arrows move between seats.
  face: {
    position: 'absolute',
    inset: 0,
    zIndex: 1,
    width: '100%',
    height: '100%',
    padding: 0,
    border: 'none',
    background: 'transparent',
    color: tokens.colorNeutralForegroundOnBrand,
    cursor: 'inherit',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-3px' },
    ':hover [data-hint]': { opacity: 1 },
    ':focus-visible [data-hint]': { opacity: 1 },
  },
  hint: {
    opacity: 0,
    maxWidth: '90%',
    ...shorthands.padding(tokens.spacingVerticalXXS, tokens.spacingHorizontalS),
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'center',
    pointerEvents: 'none',
  },
  // Badges and tools share one row that wraps: nothing is drawn over anything else.
  top: {
    position: 'absolute',
    insetInline: 0,
    insetBlockStart: 0,
    zIndex: 2,
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalXXS,
    padding: tokens.spacingHorizontalXXS,
    pointerEvents: 'none',
  },
  badges: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXXS, flexGrow: 1, minWidth: 0 },
  tools: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXXS, pointerEvents: 'auto' },
  role: { display: 'inline-flex', color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusCircular, padding: '2px' },
  error: {
    position: 'absolute',
    insetInline: 0,
    insetBlockEnd: 0,
    zIndex: 2,
    ...shorthands.padding(tokens.spacingVerticalXXS, tokens.spacingHorizontalS),
    backgroundColor: tokens.colorStatusDangerBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase200,
  },
})

export interface SeatTileProps {
  lobbyId: number
  seat: number | 'judge'
  card: UserCard | null
  view: GameView | null
  /** What a click does now (null: nothing is offered on this seat). */
  action: TileAction | null
  /** The words of that action ("Nominate #3 Marta"), or the seat's description when none. */
  label: string
  picked: boolean
  busy: boolean
  /** A refusal of the action given on this tile, translated. */
  error: string | null
  /** Roving focus: only one seat is in the tab order. */
  tabIndex: 0 | -1
  onAct(): void
  /** With no action here: what a click opens instead (the judge's menu of the seat), if anything. */
  onOpen?: () => void
  onFocus(): void
  /** The filmstrip's small tile (phones) instead of the grid's. */
  strip?: boolean
  /** Who looks: players and the judge get the seat tools, the judge the seat's menu. */
  viewer: 'player' | 'judge' | 'spectator'
}

// A click on a tool is the tool's, not the tile's.
const keepInside = (event: SyntheticEvent) => event.stopPropagation()

/** One seat: its camera, number, nickname and state, and the action the view offers on it. */
export function SeatTile(props: SeatTileProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { seat, view, card } = props
  const judge = seat === 'judge'
  const state = view && !judge ? view.seats[seat - 1] : undefined
  const speaking = !judge && view?.speaker === seat
  const nominated = !judge && view !== null && nominationsShown(view) && view.nominations.some((item) => item.target === seat)
  const role = state?.role ?? null
  const mark = useSeatMark(props.lobbyId, judge ? 0 : seat)
  const own = !judge && view?.you?.seat === seat
  const act = () => {
    if (props.action && !props.busy) props.onAct()
    else if (!props.action) props.onOpen?.()
  }
  return (
    <div
      role="group"
      aria-label={props.label}
      className={mergeClasses(styles.tile, props.strip && styles.strip, props.action !== null && styles.actionable, props.picked && styles.picked, speaking && styles.speaking, state && !state.atTable && styles.left)}
      data-testid={judge ? 'judge-seat-tile' : `seat-tile-${seat}`}
    >
      <div className={styles.video} data-testid={`video-slot-${seat}`}>
        <SeatVideo user={card} view={view} seat={seat} compact={props.strip} />
      </div>
      {/* The seat itself: its face over the whole tile, a real button (Enter and Space act); the tools are beside it, never inside. */}
      <button
        type="button"
        data-seat-face={seat}
        className={styles.face}
        tabIndex={props.tabIndex}
        aria-label={props.label}
        aria-disabled={(props.action && !props.busy) || (!props.action && props.onOpen) ? undefined : true}
        aria-haspopup={!props.action && props.onOpen ? 'menu' : undefined}
        aria-pressed={props.action ? props.picked : undefined}
        aria-busy={props.busy || undefined}
        onFocus={props.onFocus}
        onClick={act}
        data-testid={judge ? 'judge-seat' : `seat-${seat}`}
        data-action={props.action ?? undefined}
        data-picked={props.picked || undefined}
        data-speaking={speaking || undefined}
        data-nominated={nominated || undefined}
        data-left={state && !state.atTable ? (state.left ?? 'yes') : undefined}
        data-mark={!judge && mark !== 'none' ? mark : undefined}
      >
        <span className={styles.hint} data-hint aria-hidden>
          {props.label}
        </span>
      </button>
      <div className={styles.top}>
        <div className={styles.badges}>
          <Badge appearance="filled" color={judge ? 'important' : 'brand'} shape="rounded">
            {judge ? <RoleIcon role="Judge" size={14} label={t('game.seat.judge')} /> : seat}
          </Badge>
          {role && !judge ? (
            <span className={styles.role} title={t(`roles.${role}`)} data-testid={`seat-role-${seat}`}>
              <RoleIcon role={role} size={14} label={t(`roles.${role}`)} />
            </span>
          ) : null}
          {!card ? <Badge appearance="tint" color="subtle">{t('game.seat.empty')}</Badge> : null}
          {speaking ? <Badge color="brand">{t('game.seat.speaking')}</Badge> : null}
          {nominated ? <Badge color="warning">{t('game.seat.nominated')}</Badge> : null}
          {props.picked ? (
            <Badge color="success" icon={<Checkmark12Filled />}>
              {t('game.screen.picked')}
            </Badge>
          ) : null}
          {state && state.fouls > 0 ? (
            <Badge color="danger" appearance="tint" data-testid={`fouls-${seat}`}>
              {t('game.seat.fouls', { count: state.fouls })}
            </Badge>
          ) : null}
          {view && !judge
            ? checksOn(view, seat).map((check) => (
                <Badge key={check.night} appearance="outline" color="informative" data-testid={`seat-check-${seat}`} data-result={check.result}>
                  {t('game.screen.checked', { night: check.night, result: t(`game.result.${check.result}`) })}
                </Badge>
              ))
            : null}
          {state && !state.atTable ? <Badge color="danger">{t(`game.left.${state.left ?? 'vote'}`)}</Badge> : null}
          {state && !state.connected ? <Badge color="subtle">{t('game.seat.offline')}</Badge> : null}
          {!judge ? <SeatMarkBadge lobbyId={props.lobbyId} seat={seat} /> : null}
        </div>
        <div className={styles.tools} onClick={keepInside} onKeyDown={keepInside}>
          {!judge && props.viewer !== 'spectator' ? <SeatTools lobbyId={props.lobbyId} seat={seat} user={card} viewerIsSelf={own} /> : null}
          {!judge && props.viewer === 'judge' && view ? <JudgeSeatMenu view={view} seat={seat} nickname={card?.nickname} /> : null}
          <PinButton user={card} />
        </div>
      </div>
      {props.error ? (
        <div className={styles.error} role="alert" data-testid="command-error">
          {props.error}
        </div>
      ) : null}
    </div>
  )
}
