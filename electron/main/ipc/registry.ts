import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { assertDesktopChannel } from '../../common/channels'
import type { DesktopChannel } from '../../common/bridge'

/** Handles one invocation from the renderer; what it returns (or resolves to) is the answer. */
export type InvokeHandler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown

/** Registers the handlers of the main process: each `desktop:*` channel at most once, each sender checked. */
export interface IpcRegistry {
  /** Handles `channel`; throws if it is not a `desktop:*` channel or already has a handler. */
  handle(channel: DesktopChannel, handler: InvokeHandler): void
}

/**
 * A registry over Electron's `ipcMain`. Every handler first checks that the message comes from a frame
 * of the app (`isTrustedSender`), so a page that got into the window by some other way cannot use the
 * bridge. A refused sender and a payload a handler refuses are both logged (`log`) and answered with an
 * error. A channel nobody registered never reaches a handler: Electron answers the page with an error,
 * and the preload cannot name one anyway (its methods invoke fixed `desktop:*` channels).
 */
export function createIpcRegistry(
  ipcMain: Pick<IpcMain, 'handle'>,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
  log: (message: string) => void = (message) => console.warn(message),
): IpcRegistry {
  const registered = new Set<string>()
  return {
    handle(channel, handler) {
      assertDesktopChannel(channel)
      if (registered.has(channel)) throw new Error(`The IPC channel ${channel} already has a handler`)
      registered.add(channel)
      ipcMain.handle(channel, async (event, ...args: unknown[]) => {
        if (!isTrustedSender(event)) {
          const message = `Refused ${channel} from ${event.senderFrame?.url ?? 'a frame that is gone'}`
          log(message)
          throw new Error(message)
        }
        try {
          return await handler(event, ...args)
        } catch (error) {
          // Bad arguments: the handler refused them before doing anything. Logged without the payload (it may hold a message's text).
          log(`Refused ${channel}: ${error instanceof Error ? error.message : String(error)}`)
          throw error
        }
      })
    },
  }
}
