import { useCallback, useRef, useState } from 'react'
import type { GameCommandPayload } from '../../../../server/contract/game'
import { requestErrorKey } from '../../../realtime/requests'
import { sendGameCommand } from '../../../state/table'

/** What one send came to: not sent (another command was in flight), or answered, with the refusal's translation key. */
export type CommandOutcome = { sent: false } | { sent: true; error: string | null }

/**
 * Game commands from one place of the screen, one at a time: a double click or a held hotkey sends
 * once. `starting` runs when a command does go out (to clear the last refusal shown).
 */
export function useCommandSender(): { send(command: GameCommandPayload, starting?: () => void): Promise<CommandOutcome>; busy: boolean } {
  const [busy, setBusy] = useState(false)
  const inFlight = useRef(false)
  const send = useCallback(async (command: GameCommandPayload, starting?: () => void): Promise<CommandOutcome> => {
    if (inFlight.current) return { sent: false }
    inFlight.current = true
    setBusy(true)
    starting?.()
    try {
      await sendGameCommand(command)
      return { sent: true, error: null }
    } catch (failure) {
      return { sent: true, error: requestErrorKey(failure) }
    } finally {
      inFlight.current = false
      setBusy(false)
    }
  }, [])
  return { send, busy }
}
