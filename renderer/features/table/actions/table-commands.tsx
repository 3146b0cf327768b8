import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import type { GameCommandPayload } from '../../../../server/contract/game'
import { useCommandSender } from './use-command-sender'

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
  const { send, busy } = useCommandSender()
  const [error, setError] = useState<TableCommands['error']>(null)
  const [bestMove, setBestMove] = useState<readonly number[]>([])
  const run = useCallback(
    async (command: GameCommandPayload, place: CommandPlace) => {
      const outcome = await send(command, () => setError(null))
      if (outcome.sent && outcome.error !== null) setError({ place, key: outcome.error })
      return outcome.sent && outcome.error === null
    },
    [send],
  )
  const value = useMemo(() => ({ run, busy, error, bestMove, setBestMove }), [run, busy, error, bestMove])
  return <Context.Provider value={value}>{children}</Context.Provider>
}

export function useTableCommands(): TableCommands {
  const value = useContext(Context)
  if (!value) throw new Error('useTableCommands outside TableCommandsProvider')
  return value
}
