import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * The arrays of the game's states and views must have one elements kind, packed, whichever tier of
 * V8 made them: a function optimised on packed seats is deoptimised the first time holey ones reach
 * it, and `Array.prototype.map` makes holey arrays once TurboFan inlines it (see engine/arrays.ts).
 * V8 tells an array's kind only to a process started with --allow-natives-syntax, so the games are
 * folded and viewed in a child process of their own.
 */

const script = fileURLToPath(new URL('./support/elements-kinds.ts', import.meta.url))
const root = fileURLToPath(new URL('../../..', import.meta.url))

interface Report {
  arrays: number
  holey: number
  where: string[]
  foldOptimised: boolean
}

function run(rounds: number): Promise<Report> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', script, String(rounds)], { cwd: root, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`))
      else resolve(JSON.parse(stdout) as Report)
    })
  })
}

describe('elements kinds of the states and views', () => {
  it('keeps every array of every state and view packed once the fold and the views run optimised', async () => {
    const report = await run(10)
    // Otherwise the check proves nothing: the holey arrays come only from optimised code.
    expect(report.foldOptimised).toBe(true)
    expect(report.arrays).toBeGreaterThan(100_000)
    expect(report.where).toEqual([])
    expect(report.holey).toBe(0)
  }, 60_000)
})
