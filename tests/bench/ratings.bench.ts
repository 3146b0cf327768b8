import { cpus, loadavg } from 'node:os'
import { openDatabase } from '../../db/connection'
import { migrateToLatest } from '../../db/migrate'
import type { RatedGame } from '../../server/modules/ratings/ladders'
import { createRatingsRepository, type EntryRow } from '../../server/modules/ratings/ratings.repository'
import { createPassWorker } from '../../server/modules/ratings/recompute'
import { insertFinishedGames, insertUsers, seeded, type FinishedGame } from '../helpers/finished-games'

// `npm run bench:ratings`: the recompute of a long history, in two measured parts.
// 1. The rating pass over GAMES generated games (default 1,000,000) exactly as the recompute runs it:
//    batches of BATCH games sent to the worker thread (recompute-worker.mjs), every ladder of each game
//    rated there, each batch's history rows (one per player per game) sent back. The games are made in
//    memory while the worker rates the previous batch: a million games do not fit in PGlite here.
// 2. The database's share per game, on DB_GAMES games (default 20,000) stored in the game tables of a
//    fresh database (PGlite in memory, or DATABASE_URL): reading them in batches, writing their history
//    rows and the standings in the statements the recompute uses. Scaled to GAMES games as an estimate.
const games = Number(process.env.GAMES ?? 1_000_000)
const players = Number(process.env.PLAYERS ?? 10_000)
const batch = Number(process.env.BATCH ?? 2000)
const dbGames = Number(process.env.DB_GAMES ?? 20_000)
const months = 24

const random = seeded(1)
const start = Date.UTC(2025, 0, 1)
const spacing = (months * 30 * 86_400_000) / games
const roleOf = (seat: number) => (seat === 1 ? 'Sheriff' : seat === 8 ? 'Don' : seat <= 7 ? 'Civil' : 'Mafia')

/** One generated game: ten distinct players, red winning a little more often, judged four times in five. */
function gameAt(index: number): RatedGame {
  const seats: number[] = []
  while (seats.length < 10) {
    const user = 1 + Math.floor(random() * players)
    if (!seats.includes(user)) seats.push(user)
  }
  const redWon = random() < 0.55
  return {
    id: index + 1,
    endedAt: start + Math.floor(index * spacing),
    judged: random() < 0.8,
    countsForRatings: true,
    tournamentId: null,
    players: seats.map((userId, seatIndex) => {
      const seat = seatIndex + 1
      const team = seat <= 7 ? 'red' : 'black'
      return { userId, team, role: roleOf(seat), won: (team === 'red') === redWon }
    }),
  }
}

function makeBatch(from: number): { games: RatedGame[]; seqs: number[] } {
  const list: RatedGame[] = []
  for (let index = from; index < Math.min(games, from + batch); index += 1) list.push(gameAt(index))
  return { games: list, seqs: list.map((game) => game.id) }
}

// Part 1: the pass.
const worker = createPassWorker()
await worker.ask({ type: 'games', games: [], seqs: [] }, 'history') // the worker's start (loading the pass) is not the pass
const passStarted = performance.now()
const passCpu = process.cpuUsage()
let historyRows = 0
let next = makeBatch(0)
for (let from = 0; from < games; from += batch) {
  const answer = worker.ask({ type: 'games', ...next }, 'history')
  if (from + batch < games) next = makeBatch(from + batch)
  historyRows += (await answer).rows.length
}
const standings = await worker.ask({ type: 'finish' }, 'standings')
const passSeconds = (performance.now() - passStarted) / 1000
const passCpuUsage = process.cpuUsage(passCpu)
// CPU time of every thread of this process (the worker's pass, this thread's generating and copying):
// on a machine shared with other work the wall time says more about the others than about the pass.
const passCpuSeconds = (passCpuUsage.user + passCpuUsage.system) / 1e6
await worker.stop()

// Part 2: the database's share, on a sample.
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL })
await migrateToLatest(database.db)
const repository = createRatingsRepository(database.db)
const users = await insertUsers(database.db, Array.from({ length: 2000 }, (_, index) => `bench${index}`))
const stored: FinishedGame[] = []
const sampleRandom = seeded(2)
for (let index = 0; index < dbGames; index += 1) {
  const seats = new Set<number>()
  while (seats.size < 10) seats.add(users[Math.floor(sampleRandom() * users.length)] as number)
  stored.push({ players: [...seats], redWon: sampleRandom() < 0.55, endedAt: new Date(start + index * 60_000) })
}
const ids: number[] = []
for (let from = 0; from < stored.length; from += 500) ids.push(...(await insertFinishedGames(database.db, stored.slice(from, from + 500))))

const sampleWorker = createPassWorker()
let readSeconds = 0
let historySeconds = 0
let sampleHistoryRows = 0
for (let from = 0; from < ids.length; from += batch) {
  const slice = ids.slice(from, from + batch)
  let at = performance.now()
  const read = await repository.games(repository.db, slice)
  readSeconds += (performance.now() - at) / 1000
  const answer = await sampleWorker.ask({ type: 'games', games: read, seqs: read.map((game) => game.id) }, 'history')
  at = performance.now()
  for (let offset = 0; offset < answer.rows.length; offset += 10_000) await repository.writeHistory(repository.db, answer.rows.slice(offset, offset + 10_000))
  historySeconds += (performance.now() - at) / 1000
  sampleHistoryRows += answer.rows.length
}
await sampleWorker.stop()
// The standings of the million-game pass, written as the recompute writes them (users beyond the
// sample's are mapped onto it, keeping each row's ladder).
const entries: EntryRow[] = []
const seen = new Set<string>()
for (const entry of standings.entries) {
  const userId = users[entry.userId % users.length] as number
  const key = `${entry.ladderId}:${userId}`
  if (seen.has(key)) continue
  seen.add(key)
  entries.push({ ...entry, userId })
}
const entriesStarted = performance.now()
await repository.locked(async (trx) => {
  await repository.clearStandings(trx)
  for (let from = 0; from < entries.length; from += 5000) await repository.writeEntries(trx, entries.slice(from, from + 5000))
})
const entriesSeconds = (performance.now() - entriesStarted) / 1000
await database.close()

const perGame = (seconds: number) => seconds / dbGames
const estimate = passSeconds + (perGame(readSeconds) + perGame(historySeconds)) * games + entriesSeconds
console.log(`\nRatings recompute benchmark: ${games.toLocaleString('en')} games, ${players.toLocaleString('en')} players over ${months} months, batches of ${batch}; database ${database.kind}; Node ${process.version}, ${cpus().length} cores (shared with whatever else runs)`)
console.log('| part | what | time | rate |')
console.log('|---|---|---:|---:|')
console.log(`| 1 | rating pass in the worker: every ladder of ${games.toLocaleString('en')} games, ${historyRows.toLocaleString('en')} history rows sent back, ${standings.entries.length.toLocaleString('en')} standings | ${passSeconds.toFixed(1)} s | ${Math.round(games / passSeconds).toLocaleString('en')} games/s |`)
console.log(`| 2 | reading ${dbGames.toLocaleString('en')} stored games in batches of ${batch} | ${readSeconds.toFixed(1)} s | ${Math.round(dbGames / readSeconds).toLocaleString('en')} games/s |`)
console.log(`| 2 | writing their ${sampleHistoryRows.toLocaleString('en')} history rows (10,000 per statement) | ${historySeconds.toFixed(1)} s | ${Math.round(sampleHistoryRows / historySeconds).toLocaleString('en')} rows/s |`)
console.log(`| 2 | writing ${entries.length.toLocaleString('en')} standings in one transaction | ${entriesSeconds.toFixed(1)} s | ${Math.round(entries.length / entriesSeconds).toLocaleString('en')} rows/s |`)
console.log(`\nThe pass alone: ${passSeconds.toFixed(1)} s for ${games.toLocaleString('en')} games (${Math.round(games / passSeconds).toLocaleString('en')} games/s), ${passCpuSeconds.toFixed(1)} s of CPU (${Math.round(games / passCpuSeconds).toLocaleString('en')} games per CPU second); goal < 60 s: ${passSeconds < 60 ? 'met' : 'missed'}; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores.`)
console.log(`Estimated whole recompute from the database (pass + reads and history writes scaled from the sample + standings): ${estimate.toFixed(0)} s.`)
