import { describe, expect, it } from 'vitest'
import { openMicrophones, timings } from '../../../server/modules/game/engine'
import { Table, autoTable } from './support/table'

const speakersOfDay = (table: Table): number[] => {
  const speakers: number[] = []
  while (table.state.phase === 'day_speech') {
    speakers.push(table.state.speaker as number)
    table.act(table.state.speaker as number, { type: 'end_speech' })
  }
  return speakers
}

describe('day speeches', () => {
  it('every seated player speaks once, 60 seconds, in seat order; day 1 starts with seat 1', () => {
    const table = autoTable()
    table.toFirstDay()
    expect(table.state.speaker).toBe(1)
    expect(table.state.deadline).toBe(table.now + timings.speech)
    expect(timings.speech).toBe(60_000)
    const rest = speakersOfDay(table)
    expect(rest).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it('without a judge the speech timer passes the word on', () => {
    const table = autoTable()
    table.toFirstDay()
    table.wait(59_999)
    expect(table.state.speaker).toBe(1)
    table.wait(1)
    expect(table.state.speaker).toBe(2)
  })

  it('with a judge the judge passes the word on; the timer only closes the microphone', () => {
    const table = new Table()
    table.toFirstDay()
    table.wait(60_000)
    expect(table.state.speaker).toBe(1)
    expect(table.state.timeUp).toBe(true)
    expect(openMicrophones(table.state)).toEqual([])
    table.act('judge', { type: 'next' })
    expect(table.state.speaker).toBe(2)
    expect(openMicrophones(table.state)).toEqual([2])
  })

  it('each next day starts one seat after the previous day\'s first speaker', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 1, 6: 2, 8: 3 } }) // a miss
    expect(table.state.phase).toBe('day_speech')
    expect(speakersOfDay(table)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 1])
    table.night()
    expect(table.state.firstSeat).toBe(3)
  })

  it('skips players who left when finding the first speaker and during the day', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 2, 6: 2, 8: 2 } })
    table.farewells()
    // Seat 2 was killed: day 2 starts with seat 3, and seat 2 never speaks.
    expect(table.state.firstSeat).toBe(3)
    expect(speakersOfDay(table)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 1])
  })

  it('only the speaker can end their speech', () => {
    const table = autoTable()
    table.toFirstDay()
    table.refuse(2, { type: 'end_speech' }, 'errors.game.not_your_turn')
    table.act(1, { type: 'end_speech' })
    expect(table.state.speaker).toBe(2)
  })
})

describe('nominations', () => {
  it('without a judge a nomination is taken as made, during the nominator\'s own speech', () => {
    const table = autoTable()
    table.toFirstDay()
    table.refuse(2, { type: 'nominate', target: 5 }, 'errors.game.not_your_turn')
    table.act(1, { type: 'nominate', target: 5 })
    expect(table.state.nominations).toEqual([{ by: 1, target: 5 }])
    expect(table.events.at(-1)?.type).toBe('nominated')
  })

  it('one nomination per player per day', () => {
    const table = autoTable()
    table.toFirstDay()
    table.act(1, { type: 'nominate', target: 5 })
    table.refuse(1, { type: 'nominate', target: 6 }, 'errors.game.nomination_used')
  })

  it('a player already nominated cannot be nominated again; a player who left cannot be nominated', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 9, 6: 9, 8: 9 } })
    table.farewells()
    expect(table.state.speaker).toBe(2)
    table.act(2, { type: 'nominate', target: 5 })
    table.act(2, { type: 'end_speech' })
    table.refuse(3, { type: 'nominate', target: 5 }, 'errors.game.already_nominated')
    table.refuse(3, { type: 'nominate', target: 9 }, 'errors.game.invalid_target')
    table.refuse(3, { type: 'nominate', target: 11 }, 'errors.game.invalid_target')
  })

  it('with a judge, the judge confirms (or rejects) a nomination', () => {
    const table = new Table()
    table.toFirstDay()
    table.act(1, { type: 'nominate', target: 5 })
    expect(table.state.nominations).toEqual([])
    expect(table.state.pendingNomination).toEqual({ by: 1, target: 5 })
    table.refuse(1, { type: 'nominate', target: 6 }, 'errors.game.nomination_pending')
    table.refuse(2, { type: 'confirm_nomination' }, 'errors.game.judge_only')
    table.act('judge', { type: 'reject_nomination' })
    expect(table.state.pendingNomination).toBeNull()
    table.act(1, { type: 'nominate', target: 6 })
    table.act('judge', { type: 'confirm_nomination' })
    expect(table.state.nominations).toEqual([{ by: 1, target: 6 }])
    table.refuse('judge', { type: 'confirm_nomination' }, 'errors.game.no_pending_nomination')
  })

  it('an unconfirmed nomination lapses when the speech ends', () => {
    const table = new Table()
    table.toFirstDay()
    table.act(1, { type: 'nominate', target: 5 })
    table.act('judge', { type: 'next' })
    expect(table.state.pendingNomination).toBeNull()
    expect(table.state.nominations).toEqual([])
  })

  it('cannot be made once the speech time is up at a judged table', () => {
    const table = new Table()
    table.toFirstDay()
    table.wait(60_000)
    table.refuse(1, { type: 'nominate', target: 5 }, 'errors.game.time_up')
  })

  it('a judge-less table has no judge to confirm', () => {
    const table = autoTable()
    table.toFirstDay()
    table.refuse('judge', { type: 'confirm_nomination' }, 'errors.game.no_judge')
  })
})

describe('microphones', () => {
  it('by day only the speaker\'s microphone is open', () => {
    const table = autoTable()
    table.toFirstDay()
    expect(openMicrophones(table.state)).toEqual([1])
    table.act(1, { type: 'end_speech' })
    expect(openMicrophones(table.state)).toEqual([2])
    expect(table.view({ kind: 'spectator' }).microphones).toEqual([2])
  })

  it('nobody\'s at night or in the zero night', () => {
    const table = autoTable()
    expect(openMicrophones(table.state)).toEqual([])
    table.toFirstDay()
    table.quietDay()
    expect(table.state.phase).toBe('night_shooting')
    expect(openMicrophones(table.state)).toEqual([])
  })

  it('the judge can open and close microphones, until the phase changes', () => {
    const table = new Table()
    table.toFirstDay()
    table.act('judge', { type: 'microphone', seat: 5, open: true })
    table.act('judge', { type: 'microphone', seat: 1, open: false })
    expect(openMicrophones(table.state)).toEqual([5])
    table.refuse(5, { type: 'microphone', seat: 5, open: true }, 'errors.game.judge_only')
    table.refuse('judge', { type: 'microphone', seat: 13, open: true }, 'errors.game.invalid_target')
    table.act('judge', { type: 'next' })
    expect(openMicrophones(table.state)).toEqual([2])
  })

  it('everyone may talk before the deal and after the end', () => {
    const table = new Table({ deal: false })
    expect(openMicrophones(table.state)).toHaveLength(10)
  })
})
