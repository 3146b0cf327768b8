import { describe, expect, it } from 'vitest'
import type { GameEvent, TableEvent, Viewer } from '../../../../server/contract/game'
import { teamOf, type GameState } from '../../../../server/modules/game/engine'
import { TableStreams } from '../../../../server/modules/game/streams'
import { playPairedGame, viewerKey } from './support/paired-game'

/*
 * The game's log in a snapshot: a page loaded mid-game (a table loaded from its stored events, as
 * after a reload or a restart) holds the same log as a page that followed every push, and the log
 * never shows a viewer what their pushes did not.
 */

const games = 24
/** A snapshot's log is checked after every this many commands (and at the end). */
const every = 20

/** The log of a table loaded afresh from its events, as the host loads one. */
function loadedLog(state: GameState, events: readonly GameEvent[], viewer: Viewer): TableEvent[] {
  return new TableStreams('fresh', 7, state, events).snapshot(viewer)?.log ?? []
}

const viewersOf = (state: GameState): Viewer[] => [
  ...state.seats.map((seat): Viewer => ({ kind: 'player', seat: seat.seat })),
  ...(state.judge !== null ? [{ kind: 'judge' } as const] : []),
  { kind: 'spectator' },
]

/** What a viewer who is neither the judge nor black may never find in the log while the game runs. */
function secretsIn(log: readonly TableEvent[], viewer: Viewer, state: GameState): string[] {
  const own = viewer.kind === 'player' ? viewer.seat : null
  const found: string[] = []
  for (const event of log) {
    if (event.type === 'night_action' && event.seat !== own) found.push(`seat ${event.seat}'s ${event.step}`)
    if (event.type === 'points_awarded') found.push('extra points')
    if (event.type === 'roles_dealt') {
      event.roles.forEach((role, index) => {
        if (role !== null && index + 1 !== own) found.push(`the role of seat ${index + 1}`)
      })
    }
    if (event.type === 'vote_cast' && !state.settings.openUp && event.voter !== null && event.voter !== own) found.push(`seat ${event.voter}'s vote`)
  }
  return found
}

describe("a snapshot's game log", () => {
  it(`equals the events of every push the viewer received, in ${games} random games, for every viewer`, () => {
    let compared = 0
    let secretsChecked = 0
    for (let seed = 1; seed <= games; seed++) {
      const received = new Map<string, TableEvent[]>()
      let commands = 0
      playPairedGame(seed, seed + 11, {
        onAdvance: (deliveries, state, events) => {
          for (const { viewer, push } of deliveries) {
            const key = viewerKey(viewer)
            let list = received.get(key)
            if (!list) received.set(key, (list = []))
            for (const event of JSON.parse(JSON.stringify(push.events)) as TableEvent[]) list.push(event)
          }
          commands++
          if (state.phase === 'ended' || commands % every !== 0) return
          for (const viewer of viewersOf(state)) {
            const log = loadedLog(state, events, viewer)
            const pushed = received.get(viewerKey(viewer)) ?? []
            // Compared as text first (fast); a difference is shown event by event.
            if (JSON.stringify(log) !== JSON.stringify(pushed)) expect(JSON.parse(JSON.stringify(log)), `seed ${seed}, ${viewerKey(viewer)}, command ${commands}`).toEqual(pushed)
            compared++
            const player = viewer.kind === 'player' ? state.seats[viewer.seat - 1] : undefined
            if (viewer.kind === 'spectator' || (player?.role && teamOf(player.role) === 'red')) {
              expect(secretsIn(log, viewer, state), `seed ${seed}, ${viewerKey(viewer)}`).toEqual([])
              secretsChecked++
            }
          }
        },
      })
    }
    expect(compared).toBeGreaterThan(games * 50)
    expect(secretsChecked).toBeGreaterThan(games * 30)
  })

  it("a spectator's and a red player's log hold no night action and no role but their own; the judge's holds every event", () => {
    let nightActions = 0
    for (let seed = 1; seed <= 10; seed++) {
      let checked = false
      playPairedGame(seed, seed * 3, {
        onAdvance: (_deliveries, state, events) => {
          // Once per game, on the first morning: night 1's actions have been made.
          if (checked || state.night < 1 || state.phase !== 'day_speech') return
          checked = true
          const shots = events.filter((event) => event.type === 'night_action')
          nightActions += shots.length
          const judge = loadedLog(state, events, { kind: 'judge' })
          if (state.judge !== null) {
            expect(judge).toHaveLength(events.length)
            expect(judge.filter((event) => event.type === 'night_action')).toHaveLength(shots.length)
            expect(judge.find((event) => event.type === 'roles_dealt')).toMatchObject({ roles: state.seats.map((seat) => seat.role) })
          }
          const spectator = loadedLog(state, events, { kind: 'spectator' })
          expect(spectator.some((event) => event.type === 'night_action' || event.type === 'roles_dealt' || event.type === 'points_awarded')).toBe(false)
          const civil = state.seats.find((seat) => seat.role === 'Civil') as GameState['seats'][number]
          const red = loadedLog(state, events, { kind: 'player', seat: civil.seat })
          expect(red.some((event) => event.type === 'night_action')).toBe(false)
          const dealt = red.find((event) => event.type === 'roles_dealt')
          expect(dealt).toMatchObject({ roles: state.seats.map((seat) => (seat.seat === civil.seat ? 'Civil' : null)) })
        },
      })
      expect(checked).toBe(true)
    }
    expect(nightActions).toBeGreaterThan(10)
  })

  it("after the end every viewer's log holds every event in full", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const run = playPairedGame(seed, seed * 5)
      expect(run.state.phase).toBe('ended')
      const full = run.events.map(({ version: _version, ...event }) => event)
      for (const viewer of viewersOf(run.state)) expect(loadedLog(run.state, run.events, viewer), `seed ${seed}, ${viewerKey(viewer)}`).toEqual(full)
    }
  })

  it('before the deal there is no snapshot, so no log', () => {
    expect(new TableStreams('fresh', 7, null).snapshot({ kind: 'spectator' })).toBeNull()
  })
})
