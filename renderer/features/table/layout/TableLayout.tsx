import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameView } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { useIsMobile } from '../../../app/shell/use-media-query'
import { ActionBar } from '../actions/ActionBar'
import { TableCommandsProvider } from '../actions/table-commands'
import { Announcements } from '../announcements'
import { SeatBoard } from '../seats/SeatBoard'
import { GameSummary } from '../summary'
import { StageVideo, TableMediaSession, TableMediaStatus } from '../video'
import { fitGrid } from './fit-grid'
import { PhaseBar } from './PhaseBar'
import { useElementSize } from './use-element-size'
import { useSheetHeight } from './use-sheet-height'

/** Space between tiles, in px (the grid's gap). */
const tileGap = 8

const useStyles = makeStyles({
  // Wide screens: the table area is the window's height; only the seat grid between the bars resizes.
  wide: {
    flexGrow: 1,
    minHeight: 0,
    display: 'grid',
    gridTemplateRows: 'auto auto auto minmax(0, 1fr) auto',
    overflow: 'hidden',
  },
  news: { paddingInline: tokens.spacingHorizontalM, paddingBlockStart: tokens.spacingVerticalXS, ':empty': { display: 'none' } },
  middle: { display: 'flex', minHeight: 0, minWidth: 0 },
  seats: { position: 'relative', flexGrow: 1, minHeight: 0, minWidth: 0, padding: tokens.spacingHorizontalS, overflow: 'hidden' },
  // After the end the summary sits beside the seats (the cameras stay in sight for the talk after the game).
  summary: {
    width: 'min(440px, 45%)',
    flexShrink: 0,
    overflowY: 'auto',
    padding: tokens.spacingHorizontalM,
    borderInlineStartWidth: tokens.strokeWidthThin,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorNeutralStroke2,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  bar: {
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // Phones: the page scrolls, the phase bar and the action sheet stay put at its edges.
  phone: { display: 'flex', flexDirection: 'column', minHeight: '100%' },
  sticky: { position: 'sticky', insetBlockStart: 0, zIndex: 3 },
  stage: { aspectRatio: '16 / 9', width: '100%', backgroundColor: tokens.colorNeutralBackground6 },
  strip: { paddingInline: tokens.spacingHorizontalXS },
  rest: { flexGrow: 1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalS },
  sheet: {
    position: 'sticky',
    insetBlockEnd: 0,
    zIndex: 3,
    borderTopLeftRadius: tokens.borderRadiusXLarge,
    borderTopRightRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
  },
})

export interface TableLayoutProps {
  lobby: Lobby
}

/**
 * The table on one screen. From 768 px wide: the phase bar on top, every seat in a grid sized to
 * the space left (16:9 tiles, the speaker highlighted in place), the viewer's action bar at the
 * bottom, nothing scrolling. On a phone: the phase bar, the speaker (or the judge) large, a
 * filmstrip of the seats and the action bar as a bottom sheet.
 */
export function TableLayout({ lobby }: TableLayoutProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const phone = useIsMobile()
  const view = (lobby.game?.view ?? null) as GameView | null
  const [area, size] = useElementSize()
  // The chat's floating button (in the shell) sits above the sheet by its published height.
  const sheet = useSheetHeight()
  const tiles = lobby.lobby.seatCount + (lobby.lobby.settings.judge || lobby.lobby.judge ? 1 : 0)
  const fit = fitGrid(tiles, size.width, size.height, tileGap)
  const actionBar = <ActionBar lobby={lobby} view={view} />
  const hasBar = lobby.as !== 'spectator'
  // Held here, above both layouts, so that it survives a switch between them (see TableMediaSession).
  const [soundAttempt, setSoundAttempt] = useState(0)
  const mediaStatus = <TableMediaStatus lobby={lobby} onSoundRetry={() => setSoundAttempt((attempt) => attempt + 1)} />
  return (
    <TableCommandsProvider>
      <TableMediaSession lobby={lobby} soundAttempt={soundAttempt} />
      {phone ? (
        <div className={styles.phone} data-testid="game-table" data-viewer={lobby.as} data-phase={view?.phase ?? 'waiting'} data-layout="phone">
          <div className={styles.sticky}>
            <PhaseBar lobby={lobby} view={view} />
          </div>
          {mediaStatus}
          <div className={styles.stage} data-testid="stage">
            <StageVideo lobby={lobby} />
          </div>
          <div className={styles.strip}>
            <SeatBoard lobby={lobby} view={view} layout="strip" />
          </div>
          <div className={styles.rest}>
            <Announcements lobby={lobby} />
            {view?.result ? <GameSummary lobby={lobby} view={view} /> : null}
          </div>
          {hasBar ? (
            <div className={mergeClasses(styles.bar, styles.sheet)} ref={sheet} data-testid="action-sheet">
              {actionBar}
            </div>
          ) : null}
        </div>
      ) : (
        <div className={styles.wide} data-testid="game-table" data-viewer={lobby.as} data-phase={view?.phase ?? 'waiting'} data-layout="wide">
          <PhaseBar lobby={lobby} view={view} />
          {mediaStatus}
          <div className={styles.news}>
            <Announcements lobby={lobby} />
          </div>
          <div className={styles.middle}>
            <div className={styles.seats} ref={area}>
              <SeatBoard lobby={lobby} view={view} layout="grid" columns={fit.columns} tileWidth={fit.tileWidth || undefined} />
            </div>
            {view?.result ? (
              <aside className={styles.summary} aria-label={t('game.phase.ended')}>
                <GameSummary lobby={lobby} view={view} />
              </aside>
            ) : null}
          </div>
          {hasBar ? <div className={styles.bar}>{actionBar}</div> : <div />}
        </div>
      )}
    </TableCommandsProvider>
  )
}
