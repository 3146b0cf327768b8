import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import type { GameCommandPayload } from '../../../../server/contract/game'
import { requestErrorKey } from '../../../realtime/requests'
import { sendGameCommand } from '../../../state/table'

/** Where a command was given: a seat's tile (its refusal is shown there) or the action bar. */
export type CommandPlace = number | 'bar'

export interface TableCommands {
  /** Sends a command unless one is in flight (a double click sends once); true when the server took it. */
  run(command: GameCommandPayload, place: CommandPlace): Promise<boolean>
  busy: boolean
  /** The last refusal, translated by the screen, with the place it belongs to. */
  error: { place: CommandPlace; key: string } | null
  /** The best-move picks not sent yet (tiles toggle them, the action bar sends them). */
  bestMove: readonly number[]
  setBestMove(picks: readonly number[]): void
}

const Context = createContext<TableCommands | null>(null)

/** One command at a time for the whole screen: tiles and the action bar share it, and the unsent best move. */
export function TableCommandsProvider({ children }: { children: ReactNode }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<TableCommands['error']>(null)
  const [bestMove, setBestMove] = useState<readonly number[]>([])
  const inFlight = useRef(false)
  const run = useCallback(async (command: GameCommandPayload, place: CommandPlace) => {
    if (inFlight.current) return false
    inFlight.current = true
    setBusy(true)
    setError(null)
    try {
      await sendGameCommand(command)
      return true
    } catch (failure) {
      setError({ place, key: requestErrorKey(failure) })
      return false
    } finally {
      inFlight.current = false
      setBusy(false)
    }
  }, [])
  const value = useMemo(() => ({ run, busy, error, bestMove, setBestMove }), [run, busy, error, bestMove])
  return <Context.Provider value={value}>{children}</Context.Provider>
}

export function useTableCommands(): TableCommands {
  const value = useContext(Context)
  if (!value) throw new Error('useTableCommands outside TableCommandsProvider')
  return value
}
