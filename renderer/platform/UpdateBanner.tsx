import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, ProgressBar, tokens } from '@fluentui/react-components'
import { ArrowClockwise20Regular, Dismiss20Regular } from '@fluentui/react-icons'
import { useEffect, useReducer } from 'react'
import { useTranslation } from 'react-i18next'
import type { DesktopBridge } from '../../electron/common/bridge'
import { platform } from './bridge'
import { initialUpdateBanner, updateBannerReducer, updateBannerView } from './update-banner'

const useStyles = makeStyles({
  // Above every screen (the table fills the window), in the corner where toasts do not go.
  root: {
    position: 'fixed',
    insetInlineStart: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 1000,
    width: 'min(420px, calc(100vw - 32px))',
    boxShadow: tokens.shadow16,
  },
  progress: { marginTop: tokens.spacingVerticalXS },
})

/**
 * The desktop app's update: downloading with its progress, then "Restart to update" (the shell asks
 * before it restarts), or why it failed. Nothing in a browser, which has no update of its own.
 */
export function UpdateBanner({ bridge = platform }: { bridge?: Pick<DesktopBridge, 'platform' | 'onUpdateState' | 'installUpdate'> }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [state, dispatch] = useReducer(updateBannerReducer, initialUpdateBanner)
  const desktop = bridge.platform !== 'web'
  useEffect(() => (desktop ? bridge.onUpdateState((update) => dispatch({ type: 'update', update })) : undefined), [bridge, desktop])
  const view = desktop ? updateBannerView(state) : null
  if (!view) return null

  const restart = () => {
    dispatch({ type: 'restart' })
    bridge.installUpdate().then(
      (installing) => dispatch({ type: 'answered', installing }),
      () => dispatch({ type: 'answered', installing: false }),
    )
  }

  return (
    <div className={styles.root} data-testid="update-banner" data-phase={view.kind}>
      <MessageBar intent={view.intent} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t(view.text, view.kind === 'downloading' ? { percent: view.percent } : undefined)}</MessageBarTitle>
          {view.kind === 'failed' && t(view.reason)}
          {view.kind === 'downloading' && <ProgressBar className={styles.progress} value={view.percent / 100} aria-label={t('desktopUpdate.progressLabel')} thickness="large" />}
        </MessageBarBody>
        {view.kind === 'ready' && (
          <MessageBarActions>
            <Button appearance="primary" icon={<ArrowClockwise20Regular />} disabled={view.asking} onClick={restart}>
              {t('desktopUpdate.restart')}
            </Button>
          </MessageBarActions>
        )}
        {view.kind === 'failed' && (
          <MessageBarActions
            containerAction={<Button appearance="transparent" aria-label={t('desktopUpdate.dismiss')} icon={<Dismiss20Regular />} onClick={() => dispatch({ type: 'dismiss' })} />}
          />
        )}
      </MessageBar>
    </div>
  )
}
