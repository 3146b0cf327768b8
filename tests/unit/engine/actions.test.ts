import { describe, expect, it } from 'vitest'
import type { GameActions, JudgeActions, PlayerActions, Viewer } from '../../../server/contract/game'
import { Table, autoTable } from './support/table'

const spectator: Viewer = { kind: 'spectator' }
const judge: Viewer = { kind: 'judge' }
const player = (seat: number): Viewer => ({ kind: 'player', seat })

const idle: PlayerActions = { endSpeech: false, nominate: [], vote: [], liftVote: false, night: null, bestMove: [] }

const actionsOf = (table: Table, viewer: Viewer): GameActions => table.view(viewer).actions
const playerOf = (table: Table, seat: number): PlayerActions | null => actionsOf(table, player(seat)).player
const judgeOf = (table: Table): JudgeActions | null => actionsOf(table, judge).judge
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)
const without = (list: number[], ...left: number[]) => list.filter((seat) => !left.includes(seat))

describe('who may act at all', () => {
  it('spectators never, players from their seat, the judge from the judge\'s seat', () => {
    const table = new Table()
    table.toFirstDay()
    expect(actionsOf(table, spectator)).toEqual({ player: null, judge: null })
    expect(actionsOf(table, player(5))).toEqual({ player: idle, judge: null })
    expect(actionsOf(table, judge).player).toBeNull()
    expect(judgeOf(table)).not.toBeNull()
    // A judge-less table has nobody in the judge's seat to act.
    const auto = autoTable()
    expect(actionsOf(auto, judge)).toEqual({ player: null, judge: null })
  })

  it('before the deal only the start (not an action of the view) is possible', () => {
    const table = new Table({ deal: false })
    expect(playerOf(table, 1)).toEqual(idle)
    expect(judgeOf(table)).toMatchObject({ next: false, pause: false, foul: [], awardPoints: [], endGame: false, finalise: false })
  })

  it('the zero night gives the players nothing to click', () => {
    const table = new Table()
    for (const seat of range(1, 10)) expect(playerOf(table, seat)).toEqual(idle)
    expect(judgeOf(table)).toMatchObject({ next: true, pause: true, resume: false, teamLoss: true, endGame: true })
  })
})

describe('the day', () => {
  it('the speaker may end the speech and nominate anyone at the table not yet nominated', () => {
    const table = autoTable()
    table.toFirstDay()
    expect(playerOf(table, 1)).toEqual({ ...idle, endSpeech: true, nominate: range(1, 10) })
    expect(playerOf(table, 2)).toEqual(idle)
    table.act(1, { type: 'nominate', target: 5 })
    expect(playerOf(table, 1)).toEqual({ ...idle, endSpeech: true })
    table.act(1, { type: 'end_speech' })
    expect(playerOf(table, 2)).toEqual({ ...idle, endSpeech: true, nominate: without(range(1, 10), 5) })
  })

  it('seats that left cannot be nominated', () => {
    const table = new Table()
    table.toFirstDay()
    table.act('judge', { type: 'disqualify', seat: 7 })
    expect(playerOf(table, 1)?.nominate).toEqual(without(range(1, 10), 7))
    expect(playerOf(table, 7)).toEqual(idle)
  })

  it('at a judged table a proposal waits for the judge, and nothing else is nominated meanwhile', () => {
    const table = new Table()
    table.toFirstDay()
    expect(judgeOf(table)).toMatchObject({ confirmNomination: false, rejectNomination: false })
    table.act(1, { type: 'nominate', target: 4 })
    expect(playerOf(table, 1)).toEqual({ ...idle, endSpeech: true })
    expect(judgeOf(table)).toMatchObject({ confirmNomination: true, rejectNomination: true })
    table.act('judge', { type: 'reject_nomination' })
    expect(playerOf(table, 1)?.nominate).toEqual(range(1, 10))
  })

  it('once the time is up the speaker may only finish', () => {
    const table = new Table()
    table.toFirstDay()
    table.wait(60_000)
    expect(table.state.timeUp).toBe(true)
    expect(playerOf(table, 1)).toEqual({ ...idle, endSpeech: true })
  })

  it('the last speaker\'s proposal lapses when the vote starts: the judge cannot confirm it during the vote', () => {
    const last = new Table()
    last.toFirstDay()
    while (last.state.speaker !== 10) last.act(last.state.speaker as number, { type: 'end_speech' })
    last.act(10, { type: 'nominate', target: 3 })
    last.act('judge', { type: 'next' })
    expect(last.state.pendingNomination).toBeNull()
    expect(judgeOf(last)).toMatchObject({ confirmNomination: false, rejectNomination: false })
    last.refuse('judge', { type: 'confirm_nomination' }, 'errors.game.no_pending_nomination')
  })

  it('defence speeches and last words: the speaker may only finish', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 4, 2: 5 })
    // Five votes each: those who do not vote count for the last candidate.
    table.vote({ 1: 4, 2: 4, 3: 4, 4: 4, 5: 4 })
    expect(table.state.phase).toBe('defence_speech')
    expect(playerOf(table, table.state.speaker as number)).toEqual({ ...idle, endSpeech: true })
    expect(playerOf(table, 9)).toEqual(idle)
  })
})

describe('votes', () => {
  it('classic: each player who has not voted may vote for the candidate being called', () => {
    const table = autoTable()
    table.toFirstDay()
    table.speeches({ 1: 4, 2: 5, 3: 6 })
    expect(playerOf(table, 1)).toEqual({ ...idle, vote: [4] })
    table.act(1, { type: 'vote', target: 4 })
    expect(playerOf(table, 1)).toEqual(idle)
    expect(playerOf(table, 2)).toEqual({ ...idle, vote: [4] })
    table.finish()
    expect(playerOf(table, 2)).toEqual({ ...idle, vote: [5] })
    // Voters share the same answer: views are built for every viewer after every event.
    expect(playerOf(table, 2)).toBe(playerOf(table, 3))
  })

  it('simultaneous: any nominee, once', () => {
    const table = autoTable({ settings: { votingType: 1 } })
    table.toFirstDay()
    table.speeches({ 1: 4, 2: 5, 3: 6 })
    expect(playerOf(table, 9)).toEqual({ ...idle, vote: [4, 5, 6] })
    table.act(9, { type: 'vote', target: 6 })
    expect(playerOf(table, 9)).toEqual(idle)
  })

  it('"all of them leave?": everyone at the table once', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 4, 2: 5 })
    table.vote({ 1: 4, 2: 4, 3: 4, 4: 4, 5: 4 })
    table.defences()
    table.vote({ 1: 4, 2: 4, 3: 4, 4: 4, 5: 4 })
    expect(table.state.phase).toBe('lift_vote')
    expect(playerOf(table, 7)).toEqual({ ...idle, liftVote: true })
    table.act(7, { type: 'lift_vote', leave: false })
    expect(playerOf(table, 7)).toEqual(idle)
  })
})

describe('the night', () => {
  function shooting(): Table {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    expect(table.state.phase).toBe('night_shooting')
    return table
  }

  it('black players shoot anyone at the table, once; red players have nothing to click', () => {
    const table = shooting()
    for (const black of [4, 6, 8]) expect(playerOf(table, black)).toEqual({ ...idle, night: { step: 'shooting', targets: range(1, 10) } })
    for (const red of [1, 3, 9]) expect(playerOf(table, red)).toEqual(idle)
    table.act(4, { type: 'night_action', target: 2 })
    expect(playerOf(table, 4)).toEqual(idle)
  })

  it('a partner\'s shot changes nothing in a black player\'s actions', () => {
    const table = shooting()
    const before = playerOf(table, 6)
    table.act(4, { type: 'night_action', target: 2 })
    table.act(8, { type: 'night_action', target: 5 })
    expect(playerOf(table, 6)).toEqual(before)
  })

  it('the Don and the Sheriff check anyone at the table but themselves', () => {
    const table = shooting()
    table.finish()
    expect(playerOf(table, 6)).toEqual({ ...idle, night: { step: 'don', targets: without(range(1, 10), 6) } })
    expect(playerOf(table, 4)).toEqual(idle)
    table.finish()
    expect(playerOf(table, 3)).toEqual({ ...idle, night: { step: 'sheriff', targets: without(range(1, 10), 3) } })
    expect(playerOf(table, 6)).toEqual(idle)
  })

  it('a red player\'s actions in the Sheriff\'s step are the same whether the Sheriff lives or not', () => {
    const alive = autoTable({ settings: { voteIn0: true } })
    const dead = autoTable({ settings: { voteIn0: true } })
    for (const table of [alive, dead]) {
      table.toFirstDay()
      table.speeches({ 1: table === dead ? 3 : 9 })
      table.farewells()
      table.finish()
      table.finish()
      expect(table.state.phase).toBe('night_sheriff')
    }
    for (const seat of [1, 2, 5, 7]) {
      expect(playerOf(dead, seat)).toEqual(playerOf(alive, seat))
      expect(dead.view(player(seat)).cameras).toEqual(alive.view(player(seat)).cameras)
    }
    expect(actionsOf(dead, spectator)).toEqual(actionsOf(alive, spectator))
  })

  it('the Doctor heals anyone at the table, not the same player two nights running, himself once a game', () => {
    const table = autoTable({ deckId: 2 })
    table.toFirstDay()
    table.quietDay()
    while (table.state.phase !== 'night_doctor') table.finish()
    expect(playerOf(table, 2)).toEqual({ ...idle, night: { step: 'doctor', targets: range(1, 12) } })
    table.act(2, { type: 'night_action', target: 2 })
    table.night()
    table.quietDay()
    while (table.state.phase !== 'night_doctor') table.finish()
    // Last night he healed himself: neither the same player again nor himself a second time.
    expect(playerOf(table, 2)?.night?.targets).toEqual(without(range(1, 12), 2))
    table.act(2, { type: 'night_action', target: 9 })
    table.night()
    table.quietDay()
    while (table.state.phase !== 'night_doctor') table.finish()
    expect(playerOf(table, 2)?.night?.targets).toEqual(without(range(1, 12), 2, 9))
  })

  it('the Maniac kills anyone at the table but himself', () => {
    const table = autoTable({ deckId: 2 })
    table.toFirstDay()
    table.quietDay()
    table.finish()
    expect(table.state.phase).toBe('night_maniac')
    expect(playerOf(table, 7)).toEqual({ ...idle, night: { step: 'maniac', targets: without(range(1, 12), 7) } })
  })
})

describe('the best move', () => {
  it('the first night\'s victim names any seats but their own, or skips', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    expect(table.state.phase).toBe('best_move')
    expect(playerOf(table, 1)).toEqual({ ...idle, endSpeech: true, bestMove: range(2, 10) })
    expect(playerOf(table, 2)).toEqual(idle)
    table.act(1, { type: 'best_move', targets: [4, 6] })
    expect(table.state.phase).toBe('last_words')
    expect(playerOf(table, 1)).toEqual({ ...idle, endSpeech: true })
  })
})

describe('the judge', () => {
  it('a pause stops the players and the judge\'s moving on, not the discipline', () => {
    const table = new Table()
    table.toFirstDay()
    table.act('judge', { type: 'pause' })
    expect(playerOf(table, 1)).toEqual(idle)
    expect(judgeOf(table)).toMatchObject({ next: false, pause: false, resume: true, foul: range(1, 10), disqualify: range(1, 10), teamLoss: true })
    table.act('judge', { type: 'resume' })
    expect(judgeOf(table)).toMatchObject({ next: true, pause: true, resume: false })
  })

  it('fouls up to the limit, discipline only at the table, extra points for every seat', () => {
    const table = new Table({ settings: { fourthFoul: false } })
    table.toFirstDay()
    for (let foul = 0; foul < 3; foul++) table.act('judge', { type: 'foul', seat: 2 })
    table.act('judge', { type: 'disqualify', seat: 5 })
    const actions = judgeOf(table)
    expect(actions?.foul).toEqual(without(range(1, 10), 2, 5))
    expect(actions?.disqualify).toEqual(without(range(1, 10), 5))
    expect(actions?.awardPoints).toEqual(range(1, 10))
  })

  it('microphones: the seats at the table, and a seat that left only while it holds the word', () => {
    const table = new Table({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.act('judge', { type: 'disqualify', seat: 9 })
    expect(judgeOf(table)?.microphone).toEqual(without(range(1, 10), 9))
    table.refuse('judge', { type: 'microphone', seat: 9, open: true }, 'errors.game.seat_left')
    table.speeches({ 1: 5 })
    expect(table.state).toMatchObject({ phase: 'last_words', speaker: 5 })
    expect(judgeOf(table)?.microphone).toEqual(without(range(1, 10), 9))
    table.act('judge', { type: 'microphone', seat: 5, open: false })
    table.act('judge', { type: 'next' })
    expect(judgeOf(table)?.microphone).toEqual(without(range(1, 10), 5, 9))
  })

  it('after the end: extra points and closing the protocol, then nothing', () => {
    const table = new Table()
    table.act('judge', { type: 'end_game', outcome: 'draw' })
    expect(judgeOf(table)).toEqual({
      next: false,
      confirmNomination: false,
      rejectNomination: false,
      pause: false,
      resume: false,
      extendTimer: false,
      resetTimer: false,
      upcoming: null,
      foul: [],
      disqualify: [],
      microphone: [],
      awardPoints: range(1, 10),
      teamLoss: false,
      endGame: false,
      finalise: true,
    })
    expect(playerOf(table, 1)).toEqual(idle)
    table.act('judge', { type: 'finalise' })
    expect(judgeOf(table)).toMatchObject({ awardPoints: [], finalise: false })
  })

})
