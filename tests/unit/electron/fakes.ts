import { vi } from 'vitest'

/** A minimal event emitter standing in for Electron's objects (app, windows, web contents, notifications). */
export class FakeEmitter {
  readonly listeners = new Map<string, ((...args: any[]) => unknown)[]>()
  on(event: string, listener: (...args: any[]) => unknown): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  once(event: string, listener: (...args: any[]) => unknown): this {
    return this.on(event, listener)
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }
  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0
  }
}

/** An Electron-style event: `preventDefault` records that the default was prevented. */
export function fakeEvent<T extends object>(fields: T = {} as T): T & { preventDefault: ReturnType<typeof vi.fn>; defaultPrevented: () => boolean } {
  const preventDefault = vi.fn()
  return Object.assign(fields, { preventDefault, defaultPrevented: () => preventDefault.mock.calls.length > 0 })
}

/** Web contents with a window-open handler and navigation listeners. */
export class FakeWebContents extends FakeEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
}

/** A session recording the handlers it was given. */
export function fakeSession() {
  const session = {
    permissionRequestHandler: undefined as any,
    permissionCheckHandler: undefined as any,
    devicePermissionHandler: undefined as any,
    headersHandler: undefined as any,
    setPermissionRequestHandler: vi.fn((handler: unknown) => {
      session.permissionRequestHandler = handler
    }),
    setPermissionCheckHandler: vi.fn((handler: unknown) => {
      session.permissionCheckHandler = handler
    }),
    setDevicePermissionHandler: vi.fn((handler: unknown) => {
      session.devicePermissionHandler = handler
    }),
    webRequest: {
      onHeadersReceived: vi.fn((handler: unknown) => {
        session.headersHandler = handler
      }),
    },
  }
  return session
}

/** Asks a recorded permission request handler, resolving to its answer. */
export function askPermission(session: ReturnType<typeof fakeSession>, permission: string, details: Record<string, unknown>): Promise<boolean> {
  return new Promise((resolve) => session.permissionRequestHandler({}, permission, resolve, details))
}
