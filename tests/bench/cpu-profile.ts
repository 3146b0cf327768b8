import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { relative } from 'node:path'

/** A V8 CPU profile as the inspector returns it (the fields read here). */
interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>
  samples: number[]
  timeDeltas: number[]
}

/** Where the time of a profile went: by function (self time), by file or package, and the project's own functions with what they call. */
export interface ProfileSummary {
  totalMs: number
  functions: Array<{ name: string; ms: number }>
  places: Array<{ name: string; ms: number }>
  /** The repository's own functions (server/, db/), time spent in them and in everything they call. */
  inclusive: Array<{ name: string; ms: number }>
}

/** Profiles this process's CPU between `start` and `stop` (the benchmark profiles the server while the games play). */
export async function startCpuProfile(): Promise<{ stop: (file: string) => Promise<ProfileSummary> }> {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 500 })
  await session.post('Profiler.start')
  return {
    async stop(file: string) {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile }
      session.disconnect()
      await writeFile(file, JSON.stringify(profile))
      return summarise(profile)
    },
  }
}

/** A package's name from a path inside node_modules, else the file relative to the repository. */
function placeOf(url: string): string {
  if (url === '') return '(native or idle)'
  const path = url.replace(/^file:\/\//, '')
  const inModules = path.lastIndexOf('node_modules/')
  if (inModules >= 0) {
    const [first, second] = path.slice(inModules + 'node_modules/'.length).split('/')
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? path)
  }
  if (path.startsWith('node:')) return 'node internals'
  return relative(process.cwd(), path)
}

// Line numbers are left out: the files run as compiled by tsx, whose lines are not the sources'.
const nameOf = (frame: Profile['nodes'][number]['callFrame']) => `${frame.functionName || '(anonymous)'} ${placeOf(frame.url)}`
const isOwn = (url: string) => !url.includes('node_modules') && /\/(server|db)\//.test(url)

export function summarise(profile: Profile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const selfUs = new Map<number, number>()
  for (const [index, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0))
  const functions = new Map<string, number>()
  const places = new Map<string, number>()
  const inclusive = new Map<string, number>()
  let total = 0
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue
    total += us
    const place = placeOf(frame.url)
    const name = nameOf(frame)
    functions.set(name, (functions.get(name) ?? 0) + us)
    places.set(place, (places.get(place) ?? 0) + us)
    // Each of the project's functions on this stack, once however deep it recurses.
    const onStack = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const caller = byId.get(at)?.callFrame
      if (caller && isOwn(caller.url)) onStack.add(nameOf(caller))
    }
    for (const own of onStack) inclusive.set(own, (inclusive.get(own) ?? 0) + us)
  }
  const ranked = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((left, right) => right[1] - left[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000 }))
  return { totalMs: total / 1000, functions: ranked(functions), places: ranked(places), inclusive: ranked(inclusive) }
}
