/*
 * Run by `elements-kinds.test.ts` in a Node started with `--allow-natives-syntax`: folds and views
 * random games until TurboFan has compiled the engine's hot functions, then reports how many arrays
 * of the states and views it made had holey elements, and whether the fold was optimised meanwhile.
 */
import type { GameEvent, GameView, Viewer } from '../../../../server/contract/game'
import { applyEvent, replay, viewFor, type GameState } from '../../../../server/modules/game/engine'
import { playRandomGame } from './random-game'

const natives = (body: string) => new Function('value', body) as (value: unknown) => unknown
const hasHoleyElements = natives('return %HasHoleyElements(value)') as (array: unknown[]) => boolean
/** V8's status bits of a function: 16 is "optimised", 64 "by TurboFan". */
const optimisationStatus = natives('return %GetOptimizationStatus(value)') as (fn: unknown) => number

/** Every array reachable from `value` (views share arrays with states, so each is seen once). */
function countArrays(value: unknown, seen: Set<object>, counts: { arrays: number; holey: number; where: string[] }, path: string): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return
  seen.add(value)
  if (Array.isArray(value)) {
    counts.arrays += 1
    if (hasHoleyElements(value)) {
      counts.holey += 1
      if (counts.where.length < 10) counts.where.push(path)
    }
    value.forEach((item, index) => countArrays(item, seen, counts, `${path}[${index}]`))
    return
  }
  for (const [key, item] of Object.entries(value)) countArrays(item, seen, counts, `${path}.${key}`)
}

const viewersOf = (state: GameState): Viewer[] => [{ kind: 'judge' }, { kind: 'spectator' }, ...state.seats.map((seat): Viewer => ({ kind: 'player', seat: seat.seat }))]

const games: GameEvent[][] = Array.from({ length: 40 }, (_, seed) => playRandomGame(seed + 1, () => undefined).events)
const rounds = Number(process.argv[2] ?? 60)
const counts = { arrays: 0, holey: 0, where: [] as string[] }
for (let round = 0; round < rounds; round++) {
  const last = round === rounds - 1
  for (const events of games) {
    let state: GameState | undefined
    for (const event of events) {
      state = applyEvent(state, event)
      const views: GameView[] = []
      for (const viewer of viewersOf(state)) views.push(viewFor(state, viewer))
      // The last round, when the engine runs optimised, is the one counted.
      if (last) countArrays({ state, views }, new Set(), counts, 'game')
    }
  }
}
replay(games[0] as GameEvent[])
process.stdout.write(JSON.stringify({ ...counts, foldOptimised: (optimisationStatus(applyEvent) & 16) !== 0 }))
