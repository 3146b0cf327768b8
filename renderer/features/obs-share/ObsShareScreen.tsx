import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { Lobby } from '../../../server/contract/socket/lobbies'
import { ShareSeatVideo, useShareMedia } from './share-media'
import { openSharePage, readShareKey, sharePageState } from './share-page-state'
import { ShareTable } from './ShareTable'
import { useTransparentSurface } from './transparent-surface'

const useStyles = makeStyles({
  // Quiet notes in a corner: the scene behind stays the picture while nothing is shown.
  note: {
    position: 'fixed',
    insetInlineStart: '24px',
    insetBlockEnd: '24px',
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    maxWidth: '960px',
    paddingBlock: '10px',
    paddingInline: '18px',
    borderRadius: '12px',
    backgroundColor: 'rgba(12, 12, 16, 0.6)',
    color: '#ffffff',
    fontFamily: tokens.fontFamilyBase,
    fontSize: '22px',
  },
  problem: { backgroundColor: 'rgba(150, 20, 40, 0.85)' },
})

function Note({ testId, problem, children }: { testId: string; problem?: boolean; children: ReactNode }) {
  const styles = useStyles()
  return (
    <div className={mergeClasses(styles.note, problem && styles.problem)} role={problem ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  )
}

/**
 * /obs-share: the streamer's page for a browser source in streaming software. Opened with the share
 * key in the address (`#key=…`), it follows the streamer's table and shows what spectators see, on
 * a transparent page with nothing to click.
 */
export function ObsShareScreen() {
  const { t } = useTranslation()
  useTransparentSurface()
  const [key] = useState(() => readShareKey(window.location.hash, window.location.search))
  const state = useSnapshot(sharePageState)

  useEffect(() => {
    if (!key) return
    return openSharePage(key)
  }, [key])

  // The table's video while the streamer is at a live table (and the page is connected).
  const table = state.view?.lobby ?? null
  useShareMedia(table?.id ?? null, (state.status === 'live' || state.status === 'offline') && (table?.lobby.status === 'open' || table?.lobby.status === 'running'))

  if (!key) return <Note testId="obs-no-key" problem>{t('obsShare.noKey')}</Note>
  if (state.status === 'invalid') return <Note testId="obs-invalid" problem>{t('errors.share.key_invalid')}</Note>
  if (state.status === 'too_many_pages') return <Note testId="obs-too-many" problem>{t('errors.share.too_many_pages')}</Note>
  if (state.status === 'ended') return <Note testId="obs-ended" problem>{t(`obsShare.ended.${state.endReason ?? 'revoked'}`)}</Note>
  const view = state.view
  if (!view) {
    return (
      <Note testId="obs-connecting">
        <Spinner size="tiny" />
        {state.status === 'offline' ? t('obsShare.offline') : t('obsShare.connecting')}
      </Note>
    )
  }
  return (
    <>
      {view.lobby ? (
        <ShareTable lobby={view.lobby as Lobby} videoOf={(user, seat, game) => <ShareSeatVideo user={user} seat={seat} view={game} />} />
      ) : (
        <Note testId="obs-waiting">{t('obsShare.waiting', { name: view.streamer.nickname })}</Note>
      )}
      {state.status === 'offline' ? (
        <Note testId="obs-offline">
          <Spinner size="tiny" />
          {t('obsShare.offline')}
        </Note>
      ) : null}
    </>
  )
}
