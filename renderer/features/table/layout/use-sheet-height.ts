import { useCallback, useEffect, useState } from 'react'

/** The CSS variable the shell's floating buttons (the table chat's) read to stay above the phone's action sheet. */
export const sheetHeightVariable = '--action-sheet-height'

/**
 * Publishes the height of the phone's bottom action sheet on the document as `--action-sheet-height`
 * (in px), kept as the sheet resizes, and takes it away when the sheet goes. Returns the ref to put
 * on the sheet.
 */
export function useSheetHeight(): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null)
  useEffect(() => {
    if (!element) return
    const root = element.ownerDocument.documentElement
    const publish = () => root.style.setProperty(sheetHeightVariable, `${Math.ceil(element.getBoundingClientRect().height)}px`)
    publish()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.style.removeProperty(sheetHeightVariable)
    }
  }, [element])
  return useCallback((next: HTMLElement | null) => setElement(next), [])
}
