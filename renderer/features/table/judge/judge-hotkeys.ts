import { useEffect, useRef } from 'react'

/** What a judge's key does: N moves on, P pauses or resumes, + adds 30 seconds. */
export type JudgeHotkey = 'next' | 'pause' | 'extend'

/** Where a key belongs to what the judge is typing or choosing, not to the table. */
function typingOrChoosing(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"]')) return true
  return false
}

/** The judge's hotkey of a key press, or null (a modifier held, typing, a dialog or menu open). */
export function judgeHotkeyOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'repeat'>): JudgeHotkey | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null
  if (typingOrChoosing(event.target)) return null
  // While a modal dialog is open the table's keys wait (focus may sit on the dialog's backdrop).
  if (typeof document !== 'undefined' && document.querySelector('[role="dialog"], [role="alertdialog"]')) return null
  const key = event.key.toLowerCase()
  if (key === 'n') return 'next'
  if (key === 'p') return 'pause'
  if (key === '+') return 'extend'
  return null
}

/** Calls `act` for each judge's hotkey pressed anywhere on the page while mounted. */
export function useJudgeHotkeys(act: (hotkey: JudgeHotkey) => void): void {
  const latest = useRef(act)
  useEffect(() => {
    latest.current = act
  })
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const hotkey = judgeHotkeyOf(event)
      if (!hotkey) return
      event.preventDefault()
      latest.current(hotkey)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
