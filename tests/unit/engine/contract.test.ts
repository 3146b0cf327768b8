import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { GameCommandPayload, GameSetup, LobbySettings, defaultLobbySettings, phases } from '../../../server/contract/game'
import { decide, execute, nextDeadline, replay } from '../../../server/modules/game/engine'
import { autoTable, userOf } from './support/table'

describe('the game contract', () => {
  it('lobby settings default to false except judge, and votingType 0', () => {
    expect(Value.Default(LobbySettings, {})).toEqual(defaultLobbySettings)
    expect(defaultLobbySettings).toEqual({ split3In9: false, voteIn0: false, judge: true, newbie: false, fourthFoul: false, openUp: false, votingType: 0 })
    expect(Value.Check(LobbySettings, { ...defaultLobbySettings, votingType: 2 })).toBe(false)
  })

  it('validates what clients send', () => {
    const valid = [
      { type: 'nominate', target: 4 },
      { type: 'vote', target: 12 },
      { type: 'lift_vote', leave: true },
      { type: 'night_action', target: 1 },
      { type: 'best_move', targets: [2, 5, 9] },
      { type: 'award_points', seat: 3, points: -0.35, reason: 'fine' },
      { type: 'team_loss', team: 'black' },
      { type: 'end_game', outcome: 'maniac' },
      { type: 'start' },
    ]
    for (const payload of valid) expect(Value.Check(GameCommandPayload, payload), JSON.stringify(payload)).toBe(true)
    const invalid = [
      { type: 'nominate', target: 0 },
      { type: 'nominate', target: 13 },
      { type: 'nominate' },
      { type: 'vote', target: 2.5 },
      { type: 'best_move', targets: [1, 2, 3, 4] },
      { type: 'best_move', targets: [2, 2] },
      { type: 'award_points', seat: 3, points: 1.5, reason: 'x' },
      { type: 'award_points', seat: 3, points: 0.5, reason: '' },
      { type: 'team_loss', team: 'maniac' },
      { type: 'start', roles: ['Don'] },
      { type: 'tick' },
      { type: 'connection', user: 1, connected: true },
      { type: 'nominate', target: 3, by: 1 },
    ]
    for (const payload of invalid) expect(Value.Check(GameCommandPayload, payload), JSON.stringify(payload)).toBe(false)
  })

  it('validates a game setup', () => {
    expect(Value.Check(GameSetup, { deckId: 1, settings: defaultLobbySettings, seats: [1, 2, 3], judge: null })).toBe(true)
    expect(Value.Check(GameSetup, { deckId: 3, settings: defaultLobbySettings, seats: [1], judge: null })).toBe(false)
  })

  it('lists the phases in order, from created to ended', () => {
    expect(phases[0]).toBe('created')
    expect(phases.at(-1)).toBe('ended')
  })
})

describe('the host API', () => {
  it('execute returns the events of decide, the state after them and after each one', () => {
    const table = autoTable()
    const command = { type: 'tick', by: 'host', at: table.now + 60_000 } as const
    const decided = decide(table.state, command)
    const executed = execute(table.state, command)
    if (!decided.ok || !executed.ok) throw new Error('refused')
    expect(executed.events).toEqual(decided.events)
    expect(executed.states).toHaveLength(executed.events.length)
    expect(executed.states.at(-1)).toBe(executed.state)
    expect(replay([...table.events, ...executed.events])).toEqual(executed.state)
  })

  it('nextDeadline tells the host when to tick: the phase timer or a disconnection limit, whichever comes first', () => {
    const table = autoTable()
    table.toFirstDay()
    expect(nextDeadline(table.state)).toBe(table.now + 60_000)
    const droppedAt = table.now
    table.act('host', { type: 'connection', user: userOf(3), connected: false })
    // The speech ends first...
    expect(nextDeadline(table.state)).toBe(droppedAt + 60_000)
    // ...until a later speech's timer runs past the three-minute limit.
    table.now += 150_000
    table.act(1, { type: 'end_speech' })
    expect(table.state.deadline).toBe(droppedAt + 210_000)
    expect(nextDeadline(table.state)).toBe(droppedAt + 180_000)
  })

  it('a game not yet dealt or already over waits on nothing', () => {
    const table = autoTable({ deal: false })
    table.act('host', { type: 'connection', user: userOf(3), connected: false })
    expect(nextDeadline(table.state)).toBeNull()
  })
})
