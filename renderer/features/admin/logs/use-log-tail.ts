import { useEffect, useRef, useState } from 'react'
import { logTailPath, type LogEntry, type LogTailMessage } from '../../../../server/contract/http/logs'
import { serverOriginOf, serverUrl } from '../../../platform/bridge'
import { sessionState } from '../../../state/session'

/** Live entries kept on screen, newest first. */
export const liveEntriesMax = 200

interface TailState {
  name: string
  entries: LogEntry[]
  dropped: number
  state: 'connecting' | 'open' | 'closed'
}

/**
 * The live tail of one log (`/api/log/upgrade`): new entries, newest first. While `paused`, entries
 * that arrive are not shown (the socket stays open; resuming shows what comes next).
 */
export function useLogTail(name: string, paused: boolean): Omit<TailState, 'name'> {
  const [tail, setTail] = useState<TailState>({ name, entries: [], dropped: 0, state: 'connecting' })
  const pausedRef = useRef(paused)
  useEffect(() => {
    pausedRef.current = paused
  }, [paused])

  useEffect(() => {
    const origin = serverOriginOf(window.location.origin).replace(/^http/, 'ws')
    const query = new URLSearchParams({ name, token: sessionState.token ?? '' })
    const path = serverUrl(`${logTailPath}?${query.toString()}`)
    const socket = new WebSocket(path.startsWith('/') ? `${origin}${path}` : path.replace(/^http/, 'ws'))
    // Each change starts from what this log's socket said; another log's state is never shown.
    const update = (change: (last: TailState) => Partial<TailState>) =>
      setTail((last) => {
        const base: TailState = last.name === name ? last : { name, entries: [], dropped: 0, state: 'connecting' }
        return { ...base, ...change(base) }
      })
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as LogTailMessage
      if (message.kind === 'ready') update(() => ({ state: 'open' }))
      else if (message.kind === 'dropped') update((last) => ({ dropped: last.dropped + message.count }))
      else if (!pausedRef.current) update((last) => ({ entries: [message.entry, ...last.entries].slice(0, liveEntriesMax) }))
    }
    socket.onclose = () => update(() => ({ state: 'closed' }))
    return () => socket.close()
  }, [name])

  return tail.name === name ? tail : { entries: [], dropped: 0, state: 'connecting' }
}
