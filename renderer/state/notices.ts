import { proxy } from 'valtio'

/** A short message for the user; `text` is a translation key (error codes are keys too). */
export interface Notice {
  id: number
  intent: 'error' | 'success' | 'info' | 'warning'
  text: string
}

let nextId = 1

/** Notices waiting to be shown as toasts; the toaster takes them out. */
export const noticesState = proxy({ queue: [] as Notice[] })

export function notify(text: string, intent: Notice['intent'] = 'info'): void {
  noticesState.queue.push({ id: nextId++, intent, text })
}

export function takeNotices(): Notice[] {
  return noticesState.queue.splice(0)
}
