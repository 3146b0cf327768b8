import { useCallback, useRef, useState } from 'react'
import type { GameCommandPayload } from '../../../../server/contract/game'
import { requestErrorKey } from '../../../realtime/requests'
import { notify } from '../../../state/notices'
import { sendGameCommand } from '../../../state/table'

export interface JudgeCommand {
  /**
   * Sends one command unless one is in flight (a double click or a held hotkey sends once); true
   * when the server took it. A refusal is kept in `error`, or with `notice` shown as a notice (for
   * a place that has nowhere to show it, a menu item).
   */
  run(command: GameCommandPayload, options?: { notice?: boolean }): Promise<boolean>
  busy: boolean
  /** The last refusal's translation key; cleared by the next command. */
  error: string | null
  clearError(): void
}

/** The judge's commands from one place of the screen: one at a time, the refusal kept to show. */
export function useJudgeCommand(): JudgeCommand {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const inFlight = useRef(false)
  const run = useCallback(async (command: GameCommandPayload, options: { notice?: boolean } = {}) => {
    if (inFlight.current) return false
    inFlight.current = true
    setBusy(true)
    setError(null)
    try {
      await sendGameCommand(command)
      return true
    } catch (failure) {
      if (options.notice) notify(requestErrorKey(failure), 'error')
      else setError(requestErrorKey(failure))
      return false
    } finally {
      inFlight.current = false
      setBusy(false)
    }
  }, [])
  const clearError = useCallback(() => setError(null), [])
  return { run, busy, error, clearError }
}
