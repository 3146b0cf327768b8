import { describe, expect, it } from 'vitest'
import type { JudgeActions, Viewer } from '../../../server/contract/game'
import { openMicrophones, projectEvent, timings, upcomingStep, viewFor } from '../../../server/modules/game/engine'
import { Table } from './support/table'

/*
 * The judge's cockpit on the engine's side: +30 s and a reset on the running timer, and what the
 * judge's `next` leads to.
 */

const judge: Viewer = { kind: 'judge' }
const viewers: Viewer[] = [judge, { kind: 'spectator' }, { kind: 'player', seat: 1 }, { kind: 'player', seat: 4 }]
const judgeOf = (table: Table): JudgeActions => table.view(judge).actions.judge as JudgeActions

/** A judged table at day 1, seat 1 speaking. */
function firstSpeech(): Table {
  const table = new Table()
  table.toFirstDay()
  expect(table.state.speaker).toBe(1)
  return table
}

describe('the judge extends or restarts the phase timer', () => {
  it('+30 s moves the running deadline on; every viewer sees the change', () => {
    const table = firstSpeech()
    expect(judgeOf(table)).toMatchObject({ extendTimer: true, resetTimer: true })
    table.now += 10_000
    const deadline = table.state.deadline as number
    const [event] = table.act('judge', { type: 'extend_timer' })
    expect(event).toMatchObject({ type: 'timer_changed', deadline: deadline + timings.timerExtension, remaining: null })
    expect(table.state.deadline).toBe(deadline + 30_000)
    for (const viewer of viewers) {
      expect(projectEvent(event!, viewer, table.state), JSON.stringify(viewer)).toEqual(event)
      expect(viewFor(table.state, viewer).deadline).toBe(deadline + 30_000)
    }
    // The old deadline passes without the time running out.
    table.now = deadline
    expect(table.act('host', { type: 'tick' })).toEqual([])
    expect(table.state.timeUp).toBe(false)
    table.expectReplayable()
  })

  it('once the time is up, +30 s gives the speaker 30 s from now: the microphone and the nomination open again', () => {
    const table = firstSpeech()
    table.wait(timings.speech)
    expect(table.state.timeUp).toBe(true)
    expect(openMicrophones(table.state)).toEqual([])
    table.refuse(1, { type: 'nominate', target: 5 }, 'errors.game.time_up')
    table.now += 5_000
    table.act('judge', { type: 'extend_timer' })
    expect(table.state).toMatchObject({ timeUp: false, deadline: table.now + 30_000 })
    expect(openMicrophones(table.state)).toEqual([1])
    table.act(1, { type: 'nominate', target: 5 })
    table.wait(30_000)
    expect(table.state.timeUp).toBe(true)
    table.expectReplayable()
  })

  it("a reset restarts the phase's full time: a speech's minute, a classic vote candidate's window", () => {
    const table = firstSpeech()
    table.now += 45_000
    table.act('judge', { type: 'reset_timer' })
    expect(table.state.deadline).toBe(table.now + timings.speech)
    table.speeches({ 2: 5, 3: 7 })
    expect(table.state.phase).toBe('voting')
    table.now += 3_000
    table.act('judge', { type: 'reset_timer' })
    expect(table.state.deadline).toBe(table.now + timings.classicCandidate)
    table.expectReplayable()
  })

  it('while paused, +30 s adds to the time left and a reset leaves the full time; resuming runs from there', () => {
    const table = firstSpeech()
    table.now += 20_000
    table.act('judge', { type: 'pause' })
    expect(table.state.pausedRemaining).toBe(40_000)
    expect(judgeOf(table)).toMatchObject({ extendTimer: true, resetTimer: true })
    table.act('judge', { type: 'extend_timer' })
    expect(table.state).toMatchObject({ paused: true, deadline: null, pausedRemaining: 70_000 })
    table.now += 100_000
    table.act('judge', { type: 'resume' })
    expect(table.state.deadline).toBe(table.now + 70_000)
    table.act('judge', { type: 'pause' })
    table.act('judge', { type: 'reset_timer' })
    expect(table.state.pausedRemaining).toBe(60_000)
    table.expectReplayable()
  })

  it('paused after the time ran out, +30 s leaves 30 s to run once resumed', () => {
    const table = firstSpeech()
    table.wait(timings.speech)
    table.act('judge', { type: 'pause' })
    table.act('judge', { type: 'extend_timer' })
    expect(table.state).toMatchObject({ timeUp: false, pausedRemaining: 30_000 })
    table.act('judge', { type: 'resume' })
    expect(table.state.deadline).toBe(table.now + 30_000)
  })

  it('the zero night and the night steps keep their fixed time; nobody but the judge changes a timer', () => {
    const table = new Table()
    expect(table.state.phase).toBe('zero_night')
    expect(judgeOf(table)).toMatchObject({ extendTimer: false, resetTimer: false })
    table.refuse('judge', { type: 'extend_timer' }, 'errors.game.timer_fixed')
    table.refuse('judge', { type: 'reset_timer' }, 'errors.game.timer_fixed')
    table.toFirstDay()
    table.refuse(1, { type: 'extend_timer' }, 'errors.game.judge_only')
    table.quietDay()
    expect(table.state.phase).toBe('night_shooting')
    expect(judgeOf(table)).toMatchObject({ extendTimer: false, resetTimer: false })
    table.refuse('judge', { type: 'extend_timer' }, 'errors.game.timer_fixed')
    table.act('judge', { type: 'end_game', outcome: 'draw' })
    table.refuse('judge', { type: 'extend_timer' }, 'errors.game.game_over')
  })

  it('before the deal there is no timer to change', () => {
    const table = new Table({ deal: false })
    table.refuse('judge', { type: 'extend_timer' }, 'errors.game.phase')
  })
})

describe("what the judge's next leads to", () => {
  it('the next speaker, then the first day, then the vote and its next candidate', () => {
    const table = new Table()
    expect(judgeOf(table).upcoming).toEqual({ phase: 'day_speech', day: 1, night: 0, speaker: 1, nightStep: null, candidate: null, ends: false })
    table.toFirstDay()
    expect(judgeOf(table).upcoming).toMatchObject({ phase: 'day_speech', day: 1, speaker: 2 })
    table.speeches({ 1: 5, 2: 7, 3: 9 })
    expect(table.state.phase).toBe('voting')
    // Classic vote: 5 is called now, 7 next; the last candidate needs no window of his own.
    expect(judgeOf(table).upcoming).toMatchObject({ phase: 'voting', speaker: null, candidate: 7, ends: false })
  })

  it('after the last speech of a day with two nominees, the vote on the first', () => {
    const before = new Table()
    before.toFirstDay()
    while (before.state.speaker !== 10) {
      const speaker = before.state.speaker as number
      if (speaker === 1) before.act(1, { type: 'nominate', target: 5 })
      if (speaker === 2) before.act(2, { type: 'nominate', target: 7 })
      if (before.state.pendingNomination) before.act('judge', { type: 'confirm_nomination' })
      before.act(speaker, { type: 'end_speech' })
    }
    expect(judgeOf(before).upcoming).toMatchObject({ phase: 'voting', day: 1, candidate: 5 })
  })

  it("the night's steps, the morning, and a draw: next says when it ends the game", () => {
    const table = new Table()
    table.toFirstDay()
    for (let night = 1; night <= 3; night++) {
      table.quietDay()
      expect(judgeOf(table).upcoming).toMatchObject({ phase: 'night_don', night, nightStep: 'don', ends: false })
      table.finish()
      table.finish()
      expect(table.state.phase).toBe('night_sheriff')
      if (night < 3) {
        expect(judgeOf(table).upcoming).toMatchObject({ phase: 'day_speech', day: night + 1, nightStep: null, ends: false })
        table.finish()
      }
    }
    // Three nights and two days without a departure: the morning ends the game in a draw.
    expect(judgeOf(table).upcoming).toMatchObject({ phase: 'ended', ends: true })
  })

  it('none while paused or after the end, and only in the judge view', () => {
    const table = firstSpeech()
    for (const viewer of viewers.slice(1)) expect(JSON.stringify(viewFor(table.state, viewer))).not.toContain('upcoming')
    table.act('judge', { type: 'pause' })
    expect(judgeOf(table).upcoming).toBeNull()
    table.act('judge', { type: 'resume' })
    table.act('judge', { type: 'end_game', outcome: 'red' })
    expect(judgeOf(table).upcoming).toBeNull()
  })

  it('the dry run changes nothing and is worked out once per state', () => {
    const table = firstSpeech()
    const before = JSON.stringify(table.state)
    const first = upcomingStep(table.state)
    expect(upcomingStep(table.state)).toBe(first)
    expect(JSON.stringify(table.state)).toBe(before)
    table.act('judge', { type: 'next' })
    expect(table.state).toMatchObject({ phase: first?.phase, speaker: first?.speaker, day: first?.day })
  })
})
