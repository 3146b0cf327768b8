import type { RatedGame } from '../../../../server/modules/ratings/ladders'

/** Games as the ratings read them, with what packing must keep: a deleted account, a tournament, a name beyond ASCII, a game without seats. */
export const sampleGames: RatedGame[] = [
  {
    id: 7,
    endedAt: Date.UTC(2026, 10, 30, 23, 59, 59, 999),
    judged: true,
    countsForRatings: true,
    tournamentId: null,
    players: [
      { userId: 3, team: 'red', role: 'Sheriff', won: true },
      { userId: null, team: 'red', role: 'Civil', won: true },
      { userId: 9, team: 'black', role: 'Don', won: false },
    ],
  },
  { id: 8, endedAt: Date.UTC(2026, 11, 1), judged: false, countsForRatings: false, tournamentId: 4, players: [{ userId: 2_000_000_000, team: 'black', role: 'Мафія', won: false }] },
  { id: 9, endedAt: 0, judged: false, countsForRatings: true, tournamentId: null, players: [] },
]
