/**
 * Quitting cleanly. While the user is seated in a running game, quitting asks first; then every page
 * is told `quitting` (it leaves its table) and the app closes once each page says it is ready, or
 * after `timeoutMs` (a page that hangs never keeps the app open).
 */
import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron'
import { desktopEvents, type DesktopStatus } from '../common/bridge'
import { defaultLabels } from './status'

export interface QuitPage {
  id: number
  send(channel: string, ...args: unknown[]): void
  isDestroyed(): boolean
}

export interface QuitGuardOptions {
  app: { on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown; quit(): void }
  ask: (options: MessageBoxOptions) => Promise<Pick<MessageBoxReturnValue, 'response'>>
  /** The pages open now, with what each reported. */
  pages: () => { contents: QuitPage; status: DesktopStatus | null }[]
  timeoutMs?: number
}

export function installQuitGuard(options: QuitGuardOptions) {
  let state: 'idle' | 'asking' | 'leaving' | 'done' = 'idle'
  let waiting = new Set<number>()
  let finish: (() => void) | null = null

  const quitNow = () => {
    state = 'done'
    options.app.quit()
  }

  async function begin(): Promise<void> {
    const pages = options.pages().filter(({ contents }) => !contents.isDestroyed())
    const seated = pages.find(({ status }) => status?.seatedInRunningGame)
    if (seated) {
      state = 'asking'
      const labels = seated.status?.labels ?? defaultLabels
      const { response } = await options.ask({
        type: 'question',
        message: labels.quitQuestion,
        detail: labels.quitDetail,
        buttons: [labels.quitConfirm, labels.cancel],
        defaultId: 1,
        cancelId: 1,
        noLink: true,
      })
      if (response !== 0) {
        state = 'idle'
        return
      }
    }
    const reporting = pages.filter(({ status }) => status !== null)
    if (reporting.length === 0) return quitNow()
    state = 'leaving'
    waiting = new Set(reporting.map(({ contents }) => contents.id))
    const timer = setTimeout(() => finish?.(), options.timeoutMs ?? 4000)
    finish = () => {
      clearTimeout(timer)
      finish = null
      quitNow()
    }
    for (const { contents } of reporting) contents.send(desktopEvents.quitting)
  }

  options.app.on('before-quit', (event) => {
    if (state === 'done') return
    event.preventDefault()
    if (state !== 'idle') return
    begin().catch((error: unknown) => {
      console.error('Quitting failed', error)
      quitNow()
    })
  })

  return {
    /** A page has left its table (`desktop:app:ready-to-quit`). */
    pageReady(contents: Pick<QuitPage, 'id'>): void {
      if (state !== 'leaving') return
      waiting.delete(contents.id)
      if (waiting.size === 0) finish?.()
    },
    state: () => state,
  }
}
