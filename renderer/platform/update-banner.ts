/**
 * Pure: what the desktop app's update banner shows. The shell reports its update (electron/main/updater.ts):
 * downloading with its percent, downloaded and waiting for a restart, or failed and not installed.
 * The banner follows it; the user may close a failure's message, and while the shell asks whether to
 * restart the button waits.
 */
import type { UpdateFailure, UpdateState } from '../../electron/common/bridge'

export interface UpdateBannerState {
  /** The shell's last report; null before any (no update, or a browser). */
  update: UpdateState | null
  /** The user closed the message of this report. */
  dismissed: boolean
  /** The restart was asked for and the shell's question is open. */
  asking: boolean
}

export type UpdateBannerAction =
  | { type: 'update'; update: UpdateState }
  | { type: 'dismiss' }
  | { type: 'restart' }
  /** The shell's answer: it installs now (the app is about to close), or the user said "later". */
  | { type: 'answered'; installing: boolean }

export const initialUpdateBanner: UpdateBannerState = { update: null, dismissed: false, asking: false }

export function updateBannerReducer(state: UpdateBannerState, action: UpdateBannerAction): UpdateBannerState {
  switch (action.type) {
    case 'update':
      // A new phase shows again even after an earlier message was closed; progress within a download does not reopen it.
      return { update: action.update, dismissed: state.dismissed && state.update?.phase === action.update.phase, asking: state.asking && action.update.phase === 'ready' }
    case 'dismiss':
      return state.update?.phase === 'failed' ? { ...state, dismissed: true } : state
    case 'restart':
      return state.update?.phase === 'ready' ? { ...state, asking: true } : state
    case 'answered':
      // Installing: the app closes; until then the button keeps waiting.
      return { ...state, asking: action.installing }
  }
}

/** The banner as shown: null for nothing; else its intent, the text's key with its values, and what it offers. */
export type UpdateBannerView =
  | { kind: 'downloading'; intent: 'info'; text: 'desktopUpdate.downloading'; percent: number }
  | { kind: 'ready'; intent: 'success'; text: 'desktopUpdate.ready'; asking: boolean }
  | { kind: 'failed'; intent: 'warning'; text: 'desktopUpdate.failed'; reason: `desktopUpdate.reason.${UpdateFailure}` }

export function updateBannerView(state: UpdateBannerState): UpdateBannerView | null {
  const { update } = state
  if (!update || state.dismissed) return null
  switch (update.phase) {
    case 'downloading':
      return { kind: 'downloading', intent: 'info', text: 'desktopUpdate.downloading', percent: update.percent }
    case 'ready':
      return { kind: 'ready', intent: 'success', text: 'desktopUpdate.ready', asking: state.asking }
    case 'failed':
      return { kind: 'failed', intent: 'warning', text: 'desktopUpdate.failed', reason: `desktopUpdate.reason.${update.reason}` }
  }
}
