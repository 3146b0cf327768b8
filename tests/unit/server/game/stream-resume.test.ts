import { describe, expect, it } from 'vitest'
import type { TablePush } from '../../../../server/contract/socket/game'
import { playPairedGame } from './support/paired-game'

/*
 * A viewer who resumes their stream (`mafia:game:sync` after a gap or a reconnect) gets exactly the
 * pushes they missed, as they were delivered, when the moves that made them are among the table's
 * last 64; from further back they get their view afresh. The table keeps its events, not pushes nor
 * states, and makes the missed pushes again from the states the events fold into: this checks that
 * they come out the same.
 */

const games = 8
const resumableMoves = 64
/** Resumes are tried after every this many commands (and at the end). */
const every = 10

/** The push a viewer got, and the command (counted from 1) that made it. */
interface Delivered {
  push: TablePush
  move: number
}

describe('a viewer resumes their stream', () => {
  it('from any position whose pushes the last 64 moves made, with exactly the pushes delivered since; from further back, afresh', () => {
    let resumed = 0
    let afresh = 0
    for (let seed = 1; seed <= games; seed++) {
      const delivered = new Map<string, Delivered[]>()
      let move = 0
      playPairedGame(seed * 31, seed * 31 + 5, {
        onAdvance: (deliveries, state, _events, streams) => {
          move += 1
          for (const { viewer, push } of deliveries) {
            const key = JSON.stringify(viewer)
            delivered.set(key, [...(delivered.get(key) ?? []), { push, move }])
          }
          if (move % every !== 0 && state.phase !== 'ended') return
          for (const [key, pushes] of delivered) {
            const viewer = JSON.parse(key)
            const seq = pushes.length
            // The oldest position a resume reaches: its next push was made by one of the last 64 commands.
            let oldest = seq
            while (oldest > 0 && (pushes[oldest - 1] as Delivered).move > move - resumableMoves) oldest--
            const positions = new Set([seq, seq - 1, Math.floor((seq + oldest) / 2), oldest, oldest - 1, 0].filter((from) => from >= 0))
            for (const from of positions) {
              const answer = streams.sync(viewer, { stream: 'stream', seq: from })
              if (from >= oldest) {
                expect(answer).toEqual({ resumed: true, pushes: pushes.slice(from).map((entry) => entry.push) })
                resumed++
              } else {
                expect(answer).toEqual({ resumed: false, game: streams.snapshot(viewer) })
                afresh++
              }
            }
          }
        },
      })
    }
    // Both answers were tried many times: long games go back past the last 64 moves.
    expect(resumed).toBeGreaterThan(5_000)
    expect(afresh).toBeGreaterThan(100)
  })

  it('from a position ahead of the stream or on another stream, afresh', () => {
    let checked = 0
    playPairedGame(7, 8, {
      onAdvance: (deliveries, _state, _events, streams) => {
        for (const { viewer, push } of deliveries) {
          expect(streams.sync(viewer, { stream: 'stream', seq: push.seq + 1 })).toEqual({ resumed: false, game: streams.snapshot(viewer) })
          expect(streams.sync(viewer, { stream: 'another', seq: push.seq - 1 })).toEqual({ resumed: false, game: streams.snapshot(viewer) })
          checked++
        }
      },
    })
    expect(checked).toBeGreaterThan(100)
  })

  it('hands out snapshots and pushes that later moves leave as they were (the table brings its own views up to date in place)', () => {
    const handedOut: Array<{ kept: unknown; asSent: string }> = []
    playPairedGame(11, 12, {
      onAdvance: (deliveries, state, _events, streams) => {
        for (const { viewer, push } of deliveries) {
          handedOut.push({ kept: push, asSent: JSON.stringify(push) })
          handedOut.push({ kept: streams.snapshot(viewer), asSent: JSON.stringify(streams.snapshot(viewer)) })
        }
        if (state.phase === 'ended') for (const { kept, asSent } of handedOut) expect(JSON.stringify(kept)).toBe(asSent)
      },
    })
    expect(handedOut.length).toBeGreaterThan(1_000)
  })
})
