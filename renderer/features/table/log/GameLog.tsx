import { Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useLayoutEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { announcementText } from '../announcements/announcement-of'
import { logItemsOf, type LogEntryKind, type LogItem } from './log-entries'

/** How close to the bottom (in pixels) still counts as reading the newest entries. */
const bottomSlack = 24

const useStyles = makeStyles({
  root: { height: '100%', minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain', paddingInline: tokens.spacingHorizontalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  header: {
    marginTop: tokens.spacingVerticalS,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase200,
    textTransform: 'uppercase',
    color: tokens.colorNeutralForeground3,
  },
  entry: { fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300, overflowWrap: 'anywhere' },
  // The host's announcements stand out from the record of speeches and night steps.
  announced: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  quiet: { color: tokens.colorNeutralForeground2 },
  empty: { display: 'block', padding: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
})

const recordOnly = new Set<LogEntryKind>(['deal', 'speech', 'voting', 'night_action', 'award'])

function headerText(t: (key: string, params?: Record<string, unknown>) => string, item: Extract<LogItem, { type: 'header' }>): string {
  if (item.period === 'zero_night') return t('game.gameLog.zeroNight')
  return item.period === 'day' ? t('game.gameLog.day', { day: item.number }) : t('game.gameLog.night', { night: item.number })
}

/**
 * The game's log so far as this viewer may see it (`game-log`): day and night headers, one entry
 * per worded event (`log-entry` with `data-kind`), newest at the bottom. It follows the newest
 * entry unless the reader scrolled up to read; scrolling back down follows again. The region is
 * focusable so it scrolls by keyboard; it is not a live region (the banners speak the news).
 */
export function GameLog({ lobby }: { lobby: Lobby }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const log = lobby.game?.log
  const cards = lobby.lobby.players
  const items = useMemo(() => (log ? logItemsOf(log, cards) : []), [log, cards])
  const box = useRef<HTMLDivElement>(null)
  const following = useRef(true)

  useLayoutEffect(() => {
    const element = box.current
    if (element && following.current) element.scrollTop = element.scrollHeight
  }, [items])

  const onScroll = () => {
    const element = box.current
    if (element) following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= bottomSlack
  }

  return (
    <div ref={box} className={styles.root} data-testid="game-log" tabIndex={0} role="region" aria-label={t('game.gameLog.title')} onScroll={onScroll}>
      {items.length === 0 ? (
        <Caption1 className={styles.empty} data-testid="game-log-empty">
          {t('game.gameLog.empty')}
        </Caption1>
      ) : (
        <ol className={styles.list}>
          {items.map((item) =>
            item.type === 'header' ? (
              <li key={item.id} className={styles.header} data-testid="log-header" data-period={item.period}>
                {headerText(t, item)}
              </li>
            ) : (
              <li key={item.id} className={mergeClasses(styles.entry, recordOnly.has(item.kind) ? styles.quiet : styles.announced)} data-testid="log-entry" data-kind={item.kind}>
                {announcementText(t, item)}
              </li>
            ),
          )}
        </ol>
      )}
    </div>
  )
}
