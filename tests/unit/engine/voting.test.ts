import { describe, expect, it } from 'vitest'
import { timings } from '../../../server/modules/game/engine'
import { Table, autoTable, type TableOptions } from './support/table'

/** Day 2 with everyone at the table (the first night missed), or nine when `kill` is given. */
function dayTwo(options: TableOptions = {}, kill?: number): Table {
  const table = options.settings?.judge === true ? new Table(options) : autoTable(options)
  table.toFirstDay()
  table.quietDay()
  table.night(kill === undefined ? {} : { shots: { 4: kill, 6: kill, 8: kill } })
  table.farewells()
  expect(table.state.day).toBe(2)
  return table
}

const leftBy = (table: Table, reason: string) => table.state.seats.filter((seat) => seat.left === reason).map((seat) => seat.seat)

describe('the classic vote (votingType 0)', () => {
  it('calls the nominees in nomination order; non-voters count for the last; the most votes leaves', () => {
    const table = dayTwo()
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    expect(table.state.phase).toBe('voting')
    expect(table.state.vote?.candidates).toEqual([5, 7, 9])
    expect(table.state.vote?.candidates[table.state.vote.current]).toBe(5)
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 7, 5: 7 })
    const closed = table.eventsOfType('voting_closed').at(-1)
    expect(closed?.counts).toEqual([
      { candidate: 5, votes: 3 },
      { candidate: 7, votes: 2 },
      { candidate: 9, votes: 5 },
    ])
    expect(closed?.votes.filter((vote) => vote.automatic).map((vote) => vote.voter)).toEqual([6, 7, 8, 9, 10])
    expect(leftBy(table, 'vote')).toEqual([9])
    expect(table.state.phase).toBe('last_words')
    expect(table.state.speaker).toBe(9)
  })

  it('a click meant for an earlier candidate is refused, and every player votes once', () => {
    const table = dayTwo()
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    table.act(1, { type: 'vote', target: 5 })
    table.refuse(1, { type: 'vote', target: 5 }, 'errors.game.already_voted')
    table.refuse(2, { type: 'vote', target: 7 }, 'errors.game.invalid_target')
    table.finish()
    expect(table.state.vote?.candidates[table.state.vote.current]).toBe(7)
    table.refuse(2, { type: 'vote', target: 5 }, 'errors.game.invalid_target')
    table.refuse(1, { type: 'vote', target: 7 }, 'errors.game.already_voted')
    table.refuse(2, { type: 'vote', target: 9 }, 'errors.game.invalid_target')
  })

  it('without a judge each call lasts a few seconds, and the vote closes once everyone has voted', () => {
    const table = dayTwo()
    table.speeches({ 2: 5, 3: 7 })
    expect(table.state.deadline).toBe(table.now + timings.classicCandidate)
    for (let voter = 1; voter <= 10; voter++) table.act(voter, { type: 'vote', target: 5 })
    expect(leftBy(table, 'vote')).toEqual([5])
  })

  it('with a judge the judge calls each candidate and closes the vote', () => {
    const table = dayTwo({ settings: { judge: true } })
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    for (let voter = 1; voter <= 10; voter++) table.act(voter, { type: 'vote', target: 5 })
    expect(table.state.phase).toBe('voting')
    table.act('judge', { type: 'next' })
    expect(table.state.vote?.candidates[table.state.vote.current]).toBe(7)
    table.act('judge', { type: 'next' })
    expect(leftBy(table, 'vote')).toEqual([5])
  })
})

describe('the simultaneous vote (votingType 1)', () => {
  it('every player picks one nominee in one window; non-voters count for the last nominee', () => {
    const table = dayTwo({ settings: { votingType: 1 } })
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    expect(table.state.deadline).toBe(table.now + timings.simultaneousVote)
    for (const voter of [1, 2, 3, 4, 6, 8]) table.act(voter, { type: 'vote', target: 7 })
    table.act(5, { type: 'vote', target: 9 })
    table.refuse(5, { type: 'vote', target: 7 }, 'errors.game.already_voted')
    table.refuse(9, { type: 'vote', target: 3 }, 'errors.game.invalid_target')
    table.finish()
    const closed = table.eventsOfType('voting_closed').at(-1)
    expect(closed?.counts).toEqual([
      { candidate: 5, votes: 0 },
      { candidate: 7, votes: 6 },
      { candidate: 9, votes: 4 },
    ])
    expect(leftBy(table, 'vote')).toEqual([7])
  })
})

describe('nominees and the first day', () => {
  it('with no nominee there is no vote and night falls', () => {
    const table = dayTwo()
    table.speeches()
    expect(table.eventsOfType('no_elimination').at(-1)?.reason).toBe('no_nominees')
    expect(table.state.phase).toBe('night_shooting')
  })

  it('a single nominee leaves without a vote, and gets 60 seconds of last words', () => {
    const table = dayTwo()
    table.speeches({ 3: 5 })
    expect(table.eventsOfType('voting_started')).toHaveLength(0)
    expect(leftBy(table, 'vote')).toEqual([5])
    expect(table.state.phase).toBe('last_words')
    expect(table.state.deadline).toBe(table.now + timings.lastWords)
    expect(timings.lastWords).toBe(60_000)
    table.farewells()
    expect(table.state.phase).toBe('night_shooting')
  })

  it('on the first day a single nominee is not voted on', () => {
    const table = autoTable()
    table.toFirstDay()
    table.speeches({ 1: 5 })
    expect(table.eventsOfType('no_elimination').at(-1)?.reason).toBe('single_nominee_first_day')
    expect(table.seat(5).left).toBeNull()
    expect(table.state.phase).toBe('night_shooting')
  })

  it('voteIn0 false: on the first day the vote is held and recorded, nobody leaves, night falls', () => {
    const table = autoTable()
    table.toFirstDay()
    table.speeches({ 1: 5, 2: 7 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5 })
    expect(table.state.voteRecords).toHaveLength(1)
    expect(table.eventsOfType('voting_closed')[0]?.counts).toEqual([
      { candidate: 5, votes: 7 },
      { candidate: 7, votes: 3 },
    ])
    expect(table.eventsOfType('no_elimination').at(-1)?.reason).toBe('first_day')
    expect(table.state.seats.every((seat) => seat.left === null)).toBe(true)
    expect(table.state.phase).toBe('night_shooting')
  })

  it('voteIn0 false: a first-day tie is recorded too, without defence or re-vote', () => {
    const table = autoTable()
    table.toFirstDay()
    table.speeches({ 1: 5, 2: 7 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 })
    expect(table.eventsOfType('tie')).toHaveLength(0)
    expect(table.state.phase).toBe('night_shooting')
  })

  it('voteIn0 true: the first day counts like any other', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 5, 2: 7 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5 })
    expect(leftBy(table, 'vote')).toEqual([5])
  })

  it('voteIn0 true: a single nominee on the first day leaves like on any other day', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 5 })
    expect(leftBy(table, 'vote')).toEqual([5])
  })
})

describe('ties', () => {
  it('the tied players defend themselves for 30 seconds each, then the table re-votes among them', () => {
    const table = dayTwo()
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 7, 6: 7, 7: 7, 8: 7 })
    expect(table.eventsOfType('tie').at(-1)?.seats).toEqual([5, 7])
    expect(table.state.phase).toBe('defence_speech')
    expect(table.state.deadline).toBe(table.now + timings.defence)
    expect(timings.defence).toBe(30_000)
    expect(table.defences()).toEqual([5, 7])
    expect(table.state.vote?.candidates).toEqual([5, 7])
    expect(table.state.vote?.round).toBe(2)
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5, 6: 5 })
    expect(leftBy(table, 'vote')).toEqual([5])
  })

  it('the same players tied again: "all leave?" passes with more than half of the table', () => {
    const table = dayTwo()
    table.speeches({ 2: 5, 3: 7 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 })
    table.defences()
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 })
    expect(table.state.phase).toBe('lift_vote')
    expect(table.state.lift?.candidates).toEqual([5, 7])
    expect(table.view({ kind: 'spectator' }).voting).toMatchObject({ kind: 'lift', needed: 6 })
    table.liftVote([1, 2, 3, 4, 5, 6])
    expect(table.eventsOfType('lift_vote_closed').at(-1)).toMatchObject({ yes: 6, needed: 6, passed: true })
    expect(leftBy(table, 'vote')).toEqual([5, 7])
    expect(table.state.phase).toBe('last_words')
    expect(table.state.speaker).toBe(5)
    table.act(5, { type: 'end_speech' })
    expect(table.state.speaker).toBe(7)
  })

  it('exactly half is not enough, and silence counts as no', () => {
    const table = dayTwo()
    table.speeches({ 2: 5, 3: 7 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 })
    table.defences()
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 })
    table.act(6, { type: 'lift_vote', leave: false })
    table.refuse(6, { type: 'lift_vote', leave: true }, 'errors.game.already_voted')
    table.liftVote([1, 2, 3, 4, 5])
    expect(table.eventsOfType('lift_vote_closed').at(-1)).toMatchObject({ yes: 5, needed: 6, passed: false })
    expect(table.eventsOfType('no_elimination').at(-1)?.reason).toBe('lift_failed')
    expect(table.state.phase).toBe('night_shooting')
  })

  it('a re-vote that ties fewer players gives them another defence and re-vote', () => {
    const table = dayTwo({ settings: { split3In9: true } }, 10)
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 7, 5: 7, 6: 7 })
    expect(table.eventsOfType('tie').at(-1)?.seats).toEqual([5, 7, 9])
    table.defences()
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 7, 6: 7, 7: 7, 8: 7 })
    expect(table.eventsOfType('tie').at(-1)?.seats).toEqual([5, 7])
    expect(table.eventsOfType('lift_vote_started')).toHaveLength(0)
    expect(table.defences()).toEqual([5, 7])
    expect(table.state.vote?.round).toBe(3)
    expect(table.state.vote?.candidates).toEqual([5, 7])
  })

  it('split3In9 false: nine at the table and the same three tied twice, night falls without the lift vote', () => {
    const table = dayTwo({}, 10)
    expect(table.state.seats.filter((seat) => seat.left === null)).toHaveLength(9)
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 7, 5: 7, 6: 7 })
    table.defences()
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 7, 5: 7, 6: 7 })
    expect(table.eventsOfType('lift_vote_started')).toHaveLength(0)
    expect(table.eventsOfType('no_elimination').at(-1)?.reason).toBe('split_three_in_nine')
    expect(table.state.phase).toBe('night_shooting')
  })

  it('split3In9 true: the lift vote is held', () => {
    const table = dayTwo({ settings: { split3In9: true } }, 10)
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 7, 5: 7, 6: 7 })
    table.defences()
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 7, 5: 7, 6: 7 })
    expect(table.state.phase).toBe('lift_vote')
    table.liftVote([1, 2, 3, 4, 5])
    expect(leftBy(table, 'vote')).toEqual([5, 7, 9])
  })

  it('split3In9 false only spares three tied among nine: two tied twice among eight still face the lift vote', () => {
    const table = dayTwo({ settings: { judge: true } }, 10)
    table.act('judge', { type: 'disqualify', seat: 1 })
    expect(table.state.seats.filter((seat) => seat.left === null)).toHaveLength(8)
    table.speeches({ 2: 5, 3: 7 })
    table.vote({ 2: 5, 3: 5, 4: 5, 5: 5 })
    table.defences()
    table.vote({ 2: 5, 3: 5, 4: 5, 5: 5 })
    expect(table.state.phase).toBe('lift_vote')
    expect(table.view({ kind: 'spectator' }).voting).toMatchObject({ kind: 'lift', needed: 5 })
  })
})
