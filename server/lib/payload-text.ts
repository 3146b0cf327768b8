/**
 * Where the first string of a payload that holds a NUL character is: its dotted path ('' for the
 * payload itself), or null when there is none. PostgreSQL text cannot hold NUL, so such a payload
 * is refused as invalid before a handler runs, instead of failing its query with a 500. The walk
 * has no recursion (a payload may nest thousands of levels) and stops after `maxNodes` values.
 */
export function nulCharacterPath(payload: unknown, maxNodes = 20_000): string | null {
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
