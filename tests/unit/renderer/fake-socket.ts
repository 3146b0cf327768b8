import { proxy } from 'valtio'

/**
 * A connected socket that records every request and answers it from `answers` (undefined when none
 * is set), for renderer tests that replace `renderer/realtime`:
 *
 *   vi.mock('../../../../renderer/realtime', async () => (await import('../fake-socket')).fakeRealtime())
 *
 * The factory imports this module, so the test and the mocked module share the same records.
 */
export const emitted: Array<{ event: string; args: unknown[] }> = []
export const answers = new Map<string, unknown>()

export const fakeSocket = {
  connected: true,
  timeout: () => ({
    emitWithAck: (event: string, ...args: unknown[]) => {
      emitted.push({ event, args })
      return Promise.resolve(answers.get(event))
    },
  }),
}

/** The parts of `renderer/realtime` the screens use, over the fake socket. */
export function fakeRealtime() {
  return { currentSocket: () => fakeSocket, realtimeState: proxy({ connected: true, onlineCount: null }), registerConnectHook: () => () => undefined }
}

/** The payloads sent with one event, in order. */
export const sent = (event: string) => emitted.filter((item) => item.event === event).map((item) => item.args[0])

/** Forgets what was sent and every answer (before each test). */
export function resetFakeSocket(): void {
  emitted.length = 0
  answers.clear()
}
