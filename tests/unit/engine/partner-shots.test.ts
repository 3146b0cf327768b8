import { describe, expect, it } from 'vitest'
import type { Viewer } from '../../../server/contract/game'
import { projectEvent, viewFor } from '../../../server/modules/game/engine'
import { TableStreams, type Delivery } from '../../../server/modules/game/streams'
import { Table } from './support/table'

/*
 * The black players' picks at the shooting step: each black player sees every partner's shot the
 * moment it is made (in the view and as a pushed event); nobody else but the judge learns anything,
 * not even that a push happened.
 */

const player = (seat: number): Viewer => ({ kind: 'player', seat })
const black = [4, 6, 8]
const others: Viewer[] = [player(1), player(3), player(5), { kind: 'spectator' }]
const keyOf = (delivery: Delivery) => (delivery.viewer.kind === 'player' ? `seat:${delivery.viewer.seat}` : delivery.viewer.kind)

/** A judged classic table at night 1's shooting, with its streams as the host holds them. */
function shooting(): { table: Table; streams: TableStreams } {
  const table = new Table()
  table.toFirstDay()
  table.quietDay()
  expect(table.state.phase).toBe('night_shooting')
  return { table, streams: new TableStreams('s', 1, table.state, table.events) }
}

describe("the black players' picks", () => {
  it("each shot reaches every black player's view and stream at once, and the judge's; nobody else's", () => {
    const { table, streams } = shooting()
    const events = table.act(4, { type: 'night_action', target: 2 })
    const deliveries = streams.advance(events, table.state)
    expect(deliveries.map(keyOf).sort()).toEqual(['judge', 'seat:4', 'seat:6', 'seat:8'])
    for (const seat of black) {
      expect(viewFor(table.state, player(seat)).nightActions, `seat ${seat}`).toEqual([{ night: 1, step: 'shooting', seat: 4, target: 2, result: null }])
      const push = deliveries.find((delivery) => keyOf(delivery) === `seat:${seat}`)?.push
      expect(push?.events).toEqual([{ type: 'night_action', at: table.now, step: 'shooting', seat: 4, target: 2, result: null }])
    }
    for (const viewer of others) {
      expect(viewFor(table.state, viewer).nightActions, JSON.stringify(viewer)).toEqual([])
      expect(projectEvent(events[0]!, viewer, table.state)).toBeNull()
    }
    expect(viewFor(table.state, { kind: 'judge' }).nightActions).toHaveLength(1)
  })

  it('a second pick joins the first, so each partner sees whether the picks agree', () => {
    const { table, streams } = shooting()
    streams.advance(table.act(4, { type: 'night_action', target: 2 }), table.state)
    const deliveries = streams.advance(table.act(6, { type: 'night_action', target: 5 }), table.state)
    expect(deliveries.map(keyOf).sort()).toEqual(['judge', 'seat:4', 'seat:6', 'seat:8'])
    for (const seat of black) {
      expect(viewFor(table.state, player(seat)).nightActions.map((action) => [action.seat, action.target]), `seat ${seat}`).toEqual([
        [4, 2],
        [6, 5],
      ])
    }
    // A check is the checker's own: the Don's partners do not see it.
    table.finish()
    const check = table.act(6, { type: 'night_action', target: 3 })
    expect(projectEvent(check[0]!, player(4), table.state)).toBeNull()
    expect(projectEvent(check[0]!, player(6), table.state)).toMatchObject({ result: 'sheriff' })
  })
})
