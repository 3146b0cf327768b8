/**
 * A small seeded pseudo-random generator (sfc32 seeded through splitmix32): the same seed gives the
 * same payloads in the same order, so a finding is replayed with `--seed` alone.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [0, below). */
  int(below: number): number
  /** An integer in [min, max], both included. */
  between(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** An independent generator derived from this one's seed and a label (one per target). */
  fork(label: string): Random
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x9e3779b9) >>> 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
    return (z ^ (z >>> 16)) >>> 0
  }
}

function hashLabel(label: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < label.length; index += 1) hash = Math.imul(hash ^ label.charCodeAt(index), 0x01000193) >>> 0
  return hash
}

export function createRandom(seed: number): Random {
  const mix = splitmix32(seed)
  let a = mix()
  let b = mix()
  let c = mix()
  let d = mix()
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) >>> 0
    return t / 4294967296
  }
  // Let the state settle before the first value.
  for (let index = 0; index < 12; index += 1) next()
  const random: Random = {
    next,
    int: (below) => Math.floor(next() * below),
    between: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[Math.floor(next() * items.length)] as T
    },
    fork: (label) => createRandom((seed ^ hashLabel(label)) >>> 0),
  }
  return random
}
