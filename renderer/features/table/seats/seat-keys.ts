/** Where an arrow key moves the focus among `count` seats laid out in `columns` (null: not a move). */
export function arrowTarget(key: string, index: number, count: number, columns: number, rtl: boolean): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
  const back = rtl ? 'ArrowRight' : 'ArrowLeft'
  let next: number
  if (key === forward) next = index + 1
  else if (key === back) next = index - 1
  else if (key === 'ArrowDown') next = index + columns
  else if (key === 'ArrowUp') next = index - columns
  else if (key === 'Home') next = 0
  else if (key === 'End') next = count - 1
  else return null
  return next >= 0 && next < count ? next : index
}

/** The seat a digit key names: 1–9, and 0 for seat 10 (null: not a seat key). */
export function digitSeat(key: string): number | null {
  if (!/^[0-9]$/.test(key)) return null
  return key === '0' ? 10 : Number(key)
}

/** Keys typed into a field, or meant for a menu or dialog, are not the seats'. */
export function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target.closest('input, textarea, select, [role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"]')) return true
  return false
}
