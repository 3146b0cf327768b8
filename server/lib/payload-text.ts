/**
 * Where the first string of a payload that holds a NUL character is: its dotted path ('' for the
 * payload itself), or null when there is none. PostgreSQL text cannot hold NUL, so such a payload
 * is refused as invalid before a handler runs, instead of failing its query with a 500. The walk
 * has no recursion (a payload may nest thousands of levels) and stops after `maxNodes` values.
 *
 * Every socket request's payload is walked, and almost none holds a NUL: the first walk makes no
 * paths (a text for every value), and only once it finds a NUL does a second one name where it is.
 */
export function nulCharacterPath(payload: unknown, maxNodes = 20_000): string | null {
  return nulAt(payload, maxNodes, false) === null ? null : nulAt(payload, maxNodes, true)
}

/** The path of the first string holding a NUL ('' for every value unless `withPaths`), or null. */
function nulAt(payload: unknown, maxNodes: number, withPaths: boolean): string | null {
  const values: unknown[] = [payload]
  const paths: string[] = ['']
  for (let visited = 0; values.length > 0 && visited < maxNodes; visited += 1) {
    const value = values.pop()
    const path = paths.pop() as string
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        values.push((value as Record<string, unknown>)[key])
        paths.push(withPaths ? (path ? `${path}.${key}` : key) : '')
      }
    }
  }
  return null
}
