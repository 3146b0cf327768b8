// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import * as ladder from '../../../../renderer/state/ladder'
import { resetTable, tableState } from '../../../../renderer/state/table'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from './fake-socket'
import { lobby, view } from './fixtures'

const fake = createFakeSocket()
connectFakeSocket(fake.socket)
ladder.attachLadder(fake.socket)

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => {
  resetTable()
  ladder.resetSearch()
})

beforeEach(() => {
  fake.reset()
  resetTable()
  ladder.resetSearch()
})

describe('the ladder search', () => {
  it('seated at once: the table is the current lobby', async () => {
    fake.answers.set('ladder:search:start', { status: 'seated', lobby: lobby(11, view()) })
    await ladder.startSearch()
    expect(tableState.current).toMatchObject({ id: 11, game: { seq: 10 } })
    expect(ladder.ladderState.search.status).toBe('seated')
  })

  it('waiting shows how many wait; a refusal is shown as its translated key', async () => {
    fake.answers.set('ladder:search:start', { status: 'searching', waiting: 3, needed: 10 })
    await ladder.startSearch()
    expect(ladder.ladderState.search).toEqual({ status: 'searching', waiting: 3, needed: 10, error: null })
    fake.answers.set('ladder:search:start', { error: 'errors.lobby.already_in_lobby', field: 'lobby' })
    await ladder.startSearch()
    expect(ladder.ladderState.search).toMatchObject({ status: 'idle', error: 'errors.lobby.already_in_lobby' })
    expect(tableState.current).toBeNull()
  })

  it('the queue seating the viewer later is pushed; a cancel tells the server', async () => {
    fake.answers.set('ladder:search:start', { status: 'searching', waiting: 9, needed: 10 })
    await ladder.startSearch()
    fake.serverSends('ladder:matched', lobby(12))
    expect(tableState.current?.id).toBe(12)
    expect(ladder.ladderState.search.status).toBe('seated')
    await ladder.cancelSearch()
    expect(ladder.ladderState.search.status).toBe('idle')
    expect(fake.asked('ladder:search:cancel')).toHaveLength(1)
  })
})
