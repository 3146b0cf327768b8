/** How the seat tiles fill the space the table area really has. */
export interface GridFit {
  columns: number
  /** Width of one tile in px (its height follows from the 16:9 picture). */
  tileWidth: number
}

/**
 * The column count that gives `count` tiles of one aspect ratio the largest size inside
 * `width` × `height` (gaps between them), so every seat is seen without scrolling. The classic
 * gallery fit: try every column count, keep the widest tile that also fits the height.
 */
export function fitGrid(count: number, width: number, height: number, gap: number, aspect = 16 / 9): GridFit {
  let best: GridFit = { columns: Math.max(1, count), tileWidth: 0 }
  if (count <= 0 || width <= 0 || height <= 0) return best
  for (let columns = 1; columns <= count; columns++) {
    const rows = Math.ceil(count / columns)
    const byWidth = (width - gap * (columns - 1)) / columns
    const byHeight = ((height - gap * (rows - 1)) / rows) * aspect
    const tileWidth = Math.floor(Math.min(byWidth, byHeight))
    if (tileWidth > best.tileWidth) best = { columns, tileWidth }
  }
  return best
}
