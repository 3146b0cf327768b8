import { proxy } from 'valtio'

/** Values a notice's text is filled with (`{{nickname}}`, `{{count}}`). */
export type NoticeValues = Record<string, string | number>

/**
 * A short message for the user; `text` is a translation key (error codes are keys too), translated
 * once, when it is shown, with `values`.
 */
export interface Notice {
  id: number
  intent: 'error' | 'success' | 'info' | 'warning'
  text: string
  values?: NoticeValues
}

let nextId = 1

/** Notices waiting to be shown as toasts; the toaster takes them out. */
export const noticesState = proxy({ queue: [] as Notice[] })

export function notify(text: string, intent: Notice['intent'] = 'info', values?: NoticeValues): void {
  noticesState.queue.push({ id: nextId++, intent, text, ...(values ? { values } : {}) })
}

export function takeNotices(): Notice[] {
  return noticesState.queue.splice(0)
}
