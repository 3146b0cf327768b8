import { afterAll, beforeAll } from 'vitest'
import { realtime, realtimeState, replaceSocketFactory, type AppSocket } from '../../../renderer/realtime'

/**
 * Makes `socket` the app's connection, as for a signed-in user: `renderer/realtime` opens it in place
 * of Socket.IO's (`replaceSocketFactory`), so `currentSocket()` and the requests use it, and the shell
 * sees it connected. The socket is a scripted one (`lobby/fake-socket.ts` `createFakeSocket`), or any
 * object with the parts of a Socket.IO socket the code under test uses, plus the ones the connection
 * itself uses (`on`, `connect`, `disconnect`, `removeAllListeners`).
 *
 * Unit files share their worker's modules: what this installs must be taken down before the next
 * file runs. The returned function closes the connection and puts Socket.IO's factory back.
 */
export function installFakeSocket(socket: AppSocket): () => void {
  const restoreFactory = replaceSocketFactory(() => socket)
  realtime.useToken('fake-socket-token')
  realtimeState.connected = true
  return () => {
    realtime.close()
    restoreFactory()
  }
}

/** `installFakeSocket` around all the tests of a file: call it from the file's top level. */
export function connectFakeSocket(socket: AppSocket): void {
  let uninstall = () => {}
  beforeAll(() => {
    uninstall = installFakeSocket(socket)
  })
  afterAll(() => uninstall())
}
