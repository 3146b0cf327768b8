import { describe, expect, it } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { createTableMediaService, type MediaHome, type MediaPlacement } from '../../../../server/modules/table-media/table-media.service'
import type { RoomControl } from '../../../../server/modules/table-media/microphones'

const streamer = 7
const lobbyId = 42
const page = 'share-7-page'

/** The service over a table whose members the test sets, recording every control its room receives. */
function tableWithRoom() {
  const table = { players: [] as number[], judge: null as number | null, spectators: [] as number[] }
  const controls: RoomControl[] = []
  const home: MediaHome = {
    id: 'builtin',
    url: '/media',
    issueToken: () => 'token',
    control: async (_roomId, control) => {
      controls.push(control)
    },
  }
  let placed = false
  const placement: MediaPlacement = {
    place: async () => ((placed = true), home),
    homeOf: () => (placed ? home : null),
    fallback: async () => home,
    ended: async () => undefined,
    revoke: async () => undefined,
  }
  const service = createTableMediaService({
    membershipOf: async () => undefined,
    membersOf: async () => table,
    game: { withTable: (_lobbyId, work) => work({ state: async () => null }) },
    placement,
    logger: { warn: () => undefined } as unknown as FastifyBaseLogger,
  })
  const lastNamed = () => Object.keys(controls.at(-1)?.peers ?? {})
  return { table, service, lastNamed }
}

describe('a share page in its streamer’s table room', () => {
  it('keeps its place when the news that its streamer sat down comes after its ticket', async () => {
    const { table, service, lastNamed } = tableWithRoom()
    // The streamer creates the table; the page asks for its ticket before the seat change is announced.
    table.players.push(streamer)
    await service.viewerTicket(lobbyId, page, streamer)
    expect(lastNamed()).toContain(page)
    await service.membersChanged([lobbyId], [streamer])
    expect(lastNamed()).toEqual(expect.arrayContaining([String(streamer), page]))
  })

  it('keeps its place when the news comes while its ticket is being issued', async () => {
    const { table, service, lastNamed } = tableWithRoom()
    table.players.push(streamer)
    const ticket = service.viewerTicket(lobbyId, page, streamer)
    await service.membersChanged([lobbyId], [streamer])
    await ticket
    expect(lastNamed()).toContain(page)
  })

  it('is closed once its streamer has left the table', async () => {
    const { table, service, lastNamed } = tableWithRoom()
    table.players.push(streamer, 8)
    await service.viewerTicket(lobbyId, page, streamer)
    table.players.splice(0, 1)
    await service.membersChanged([lobbyId], [streamer])
    expect(lastNamed()).toEqual(['8'])
  })
})
