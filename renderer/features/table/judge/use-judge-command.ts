import { useCallback, useState } from 'react'
import type { GameCommandPayload } from '../../../../server/contract/game'
import { notify } from '../../../state/notices'
import { useCommandSender } from '../actions/use-command-sender'

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
  const { send, busy } = useCommandSender()
  const [error, setError] = useState<string | null>(null)
  const run = useCallback(
    async (command: GameCommandPayload, options: { notice?: boolean } = {}) => {
      const outcome = await send(command, () => setError(null))
      if (!outcome.sent) return false
      if (outcome.error === null) return true
      if (options.notice) notify(outcome.error, 'error')
      else setError(outcome.error)
      return false
    },
    [send],
  )
  const clearError = useCallback(() => setError(null), [])
  return { run, busy, error, clearError }
}
