/**
 * Where the first string of a payload that holds a NUL character is: its dotted path ('' for the
 * payload itself), or null when there is none. PostgreSQL text cannot hold NUL, so such a payload
 * is refused as invalid before a handler runs, instead of failing its query with a 500. The walk
 * has no recursion (a payload may nest thousands of levels) and stops after `maxNodes` values.
 *
 * Every socket request's payload is walked, and almost none holds a NUL: the first walk looks at the
 * values only, and the paths (a text for every value) are made only by a second walk, once a NUL is
 * known to be there.
 */
export function nulCharacterPath(payload: unknown, maxNodes = 20_000): string | null {
  return holdsNul(payload, maxNodes) ? pathToNul(payload, maxNodes) : null
}

/** Whether a string within the first `maxNodes` values holds a NUL character (in the order `pathToNul` visits them). */
function holdsNul(payload: unknown, maxNodes: number): boolean {
  const stack: unknown[] = [payload]
  for (let visited = 0; stack.length > 0 && visited < maxNodes; visited += 1) {
    const value = stack.pop()
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true
    } else if (value !== null && typeof value === 'object') {
      for (const inner of Object.values(value)) stack.push(inner)
    }
  }
  return false
}

function pathToNul(payload: unknown, maxNodes: number): string | null {
  const stack: Array<[unknown, string]> = [[payload, '']]
  for (let visited = 0; stack.length > 0 && visited < maxNodes; visited += 1) {
    const [value, path] = stack.pop() as [unknown, string]
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) stack.push([inner, path ? `${path}.${key}` : key])
    }
  }
  return null
}
