import { describe, expect, it } from 'vitest'
import type { QueueEntry } from '../../../../server/modules/lobbies/matchmaking.repository'
import { holdsLiveSeat, pickPlayers, searchOutcome, tableLanguage, type SearcherState } from '../../../../server/modules/lobbies/matchmaking.service'

const entry = (userId: number, table: QueueEntry['table'] = null, language = 'en'): QueueEntry => ({ userId, position: userId * 10, language, table })
const everyone = (entries: QueueEntry[]) => new Set(entries.map((one) => one.userId))

describe('holdsLiveSeat', () => {
  it('is true for a seat or the judge chair at an open or running table', () => {
    expect(holdsLiveSeat({ role: 'player', status: 'open' })).toBe(true)
    expect(holdsLiveSeat({ role: 'player', status: 'running' })).toBe(true)
    expect(holdsLiveSeat({ role: 'judge', status: 'open' })).toBe(true)
    expect(holdsLiveSeat({ role: 'judge', status: 'running' })).toBe(true)
  })

  it('is false for a spectator, a finished or disbanded table, and no table', () => {
    expect(holdsLiveSeat({ role: 'spectator', status: 'running' })).toBe(false)
    expect(holdsLiveSeat({ role: 'player', status: 'ended' })).toBe(false)
    expect(holdsLiveSeat({ role: 'judge', status: 'disbanded' })).toBe(false)
    expect(holdsLiveSeat(null)).toBe(false)
  })
})

describe('pickPlayers', () => {
  it('takes the first waiting users in queue order and leaves the rest waiting', () => {
    const entries = [1, 2, 3, 4, 5].map((id) => entry(id))
    expect(pickPlayers(entries, everyone(entries), 3)).toEqual({ players: entries.slice(0, 3), dropped: [] })
  })

  it('drops whoever holds a live seat or is connected nowhere, and keeps the order of the others', () => {
    const entries = [entry(1), entry(2, { role: 'player', status: 'running' }), entry(3), entry(4, { role: 'judge', status: 'open' }), entry(5), entry(6), entry(7)]
    const connected = new Set([1, 2, 3, 4, 6, 7])
    expect(pickPlayers(entries, connected, 3)).toEqual({ players: [entry(1), entry(3), entry(6)], dropped: [2, 4, 5] })
  })

  it('seats spectators and players of finished tables (they leave those tables on the way)', () => {
    const entries = [entry(1, { role: 'spectator', status: 'running' }), entry(2, { role: 'player', status: 'ended' })]
    expect(pickPlayers(entries, everyone(entries), 2).players).toEqual(entries)
  })

  it('judges nobody after the table is full: those behind keep their place even if they could not be seated', () => {
    const entries = [entry(1), entry(2), entry(3, { role: 'player', status: 'open' })]
    expect(pickPlayers(entries, everyone(entries), 2)).toEqual({ players: [entry(1), entry(2)], dropped: [] })
  })

  it('picks fewer than needed when too few can be seated', () => {
    const entries = [entry(1), entry(2)]
    expect(pickPlayers(entries, new Set([2]), 2)).toEqual({ players: [entry(2)], dropped: [1] })
  })
})

describe('tableLanguage', () => {
  it('is the language of the last arrival, whatever order the players are given in', () => {
    expect(tableLanguage([entry(3, null, 'uk'), entry(9, null, 'he'), entry(1, null, 'de')])).toBe('he')
  })

  it('needs players', () => {
    expect(() => tableLanguage([])).toThrow()
  })
})

describe('searchOutcome', () => {
  const base: SearcherState = { tableMade: null, waiting: true, table: null, count: 4, needed: 10 }

  it('is seated at the table the search made', () => {
    expect(searchOutcome({ ...base, tableMade: 7, waiting: false })).toEqual({ status: 'seated', lobbyId: 7 })
  })

  it('is searching, with how many wait, while the user waits', () => {
    expect(searchOutcome(base)).toEqual({ status: 'searching', waiting: 4, needed: 10 })
  })

  it('is seated at a ladder table another seating made meanwhile', () => {
    const table = { lobbyId: 12, kind: 'ladder' as const, role: 'player' as const, status: 'running' as const }
    expect(searchOutcome({ ...base, waiting: false, table, count: 0 })).toEqual({ status: 'seated', lobbyId: 12 })
  })

  it('is still searching while another seating has taken the user and not yet made their table', () => {
    expect(searchOutcome({ ...base, waiting: false, count: 0 })).toEqual({ status: 'searching', waiting: 1, needed: 10 })
  })

  it('refuses when the user sat down or took the judge chair at another live table meanwhile', () => {
    for (const table of [
      { lobbyId: 3, kind: 'custom' as const, role: 'player' as const, status: 'open' as const },
      { lobbyId: 3, kind: 'custom' as const, role: 'judge' as const, status: 'open' as const },
    ]) {
      const outcome = searchOutcome({ ...base, waiting: false, table })
      expect(outcome.status).toBe('refused')
      expect(outcome.status === 'refused' && outcome.error.code).toBe('errors.lobby.already_in_lobby')
    }
  })

  it('is still searching for a user who only watches a table', () => {
    const table = { lobbyId: 3, kind: 'custom' as const, role: 'spectator' as const, status: 'running' as const }
    expect(searchOutcome({ ...base, waiting: false, table, count: 2 })).toEqual({ status: 'searching', waiting: 2, needed: 10 })
  })
})
