import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { announcementsOf, announcementText, type Announcement, type AnnouncementKind } from './announcement-of'

/** How long a banner stays, in milliseconds (it fades during its last part). */
export const bannerMilliseconds = 6_000
/** Banners shown at once: the newest ones; older ones stay readable in the game log. */
const bannersShown = 3

const fade = { '0%': { opacity: 0 }, '5%': { opacity: 1 }, '88%': { opacity: 1 }, '100%': { opacity: 0 } }

const useStyles = makeStyles({
  // In the page's flow, never over the tiles: their controls stay reachable under any banner.
  region: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  banner: {
    display: 'block',
    margin: 0,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    overflowWrap: 'anywhere',
    ...shorthands.borderLeft(tokens.strokeWidthThicker, 'solid', tokens.colorBrandStroke1),
    animationName: fade,
    animationDuration: `${bannerMilliseconds}ms`,
    animationTimingFunction: 'linear',
    animationFillMode: 'forwards',
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  danger: { ...shorthands.borderLeft(tokens.strokeWidthThicker, 'solid', tokens.colorPaletteRedBorder2) },
  warning: { ...shorthands.borderLeft(tokens.strokeWidthThicker, 'solid', tokens.colorPaletteMarigoldBorder2) },
  quiet: { ...shorthands.borderLeft(tokens.strokeWidthThicker, 'solid', tokens.colorNeutralStroke1) },
})

/** The colour of a banner's edge: losses red, warnings amber, nothing-happened grey. */
function tone(kind: AnnouncementKind): 'danger' | 'warning' | 'quiet' | null {
  if (kind === 'kill' || kind === 'removal' || kind === 'leaves') return 'danger'
  if (kind === 'foul' || kind === 'time_up' || kind === 'pause') return 'warning'
  if (kind === 'miss' || kind === 'no_elimination') return 'quiet'
  return null
}

interface Banner {
  id: number
  announcement: Announcement
  until: number
}

let nextBannerId = 1

/**
 * The table's newest announcements as banners (`announcements`, a polite live region, so a screen
 * reader speaks each one once). Only what the log gains while the screen is up is news: a page
 * opened mid-game starts quiet, and the log keeps everything. Each banner goes after six seconds.
 */
export function Announcements({ lobby }: { lobby: Lobby }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const log = lobby.game?.log
  const cards = lobby.lobby.players
  const [banners, setBanners] = useState<Banner[]>([])
  // How many events of this table's log were already looked at; null before the first look.
  const seen = useRef<{ table: number; length: number } | null>(null)
  const announced = useMemo(() => (log ? announcementsOf(log, cards) : []), [log, cards])

  useEffect(() => {
    const length = log?.length ?? 0
    const before = seen.current
    seen.current = { table: lobby.id, length }
    // The first look (at this table), or a log taken afresh that is shorter: nothing new to call out.
    if (before === null || before.table !== lobby.id || length <= before.length) return
    const from = before.length
    const fresh = announced.filter((item) => item.index >= from).slice(-bannersShown)
    if (fresh.length === 0) return
    const until = Date.now() + bannerMilliseconds
    setBanners((shown) => [...shown, ...fresh.map((item) => ({ id: nextBannerId++, announcement: item.announcement, until }))].slice(-bannersShown))
  }, [log, announced, lobby.id])

  useEffect(() => {
    if (banners.length === 0) return
    const first = Math.min(...banners.map((banner) => banner.until))
    const timer = setTimeout(() => setBanners((shown) => shown.filter((banner) => banner.until > Date.now())), Math.max(0, first - Date.now()))
    return () => clearTimeout(timer)
  }, [banners])

  return (
    <section className={styles.region} aria-live="polite" aria-label={t('game.announce.region')} data-testid="announcements">
      {banners.map((banner) => {
        const edge = tone(banner.announcement.kind)
        return (
          <p key={banner.id} className={mergeClasses(styles.banner, edge ? styles[edge] : undefined)} data-testid="announcement" data-kind={banner.announcement.kind}>
            {announcementText(t, banner.announcement)}
          </p>
        )
      })}
    </section>
  )
}
