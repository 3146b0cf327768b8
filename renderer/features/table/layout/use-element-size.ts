import { useCallback, useEffect, useState } from 'react'

/**
 * The content box of an element, kept as it resizes (zero until measured, and where nothing
 * measures). Returns the ref to put on the element: a callback, so a remounted element is followed.
 */
export function useElementSize(): [(element: HTMLElement | null) => void, { width: number; height: number }] {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [size, setSize] = useState({ width: 0, height: 0 })
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return
      const { width, height } = entry.contentRect
      setSize((old) => (old.width === width && old.height === height ? old : { width, height }))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return [useCallback((next: HTMLElement | null) => setElement(next), []), size]
}
