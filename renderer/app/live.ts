import type * as Realtime from '../realtime'

// The socket and the live state that rides on it (the table, the lobby list, the ladder) are loaded for
// signed-in users only: a visitor on /signin downloads none of them. The guard calls `openLive` before
// every screen; the first call with a session loads them and starts each state's listeners before the
// socket opens, so no push arrives before its listener.

let loading: Promise<typeof Realtime> | null = null

async function loadLiveState(): Promise<typeof Realtime> {
  const [realtime, table, lobbyList, ladder, tournamentSeating, premiumNotices, adminPushes] = await Promise.all([
    import('../realtime'),
    import('../state/table'),
    import('../state/lobby-list'),
    import('../state/ladder'),
    import('../features/tournaments/seated'),
    import('../features/premium/premium-notices'),
    import('../features/admin/live/admin-pushes'),
  ])
  table.startTable()
  lobbyList.startLobbyList()
  ladder.startLadder()
  tournamentSeating.startTournamentSeating()
  premiumNotices.startPremiumNotices()
  adminPushes.startAdminPushes()
  return realtime
}

/** Opens the realtime connection with the current session's token (loading it first when there is a session). */
export function openLive(signedIn: boolean): void {
  if (!signedIn && !loading) return
  const load = (loading ??= loadLiveState())
  load.then(
    (realtime) => realtime.openRealtime(),
    (error: unknown) => {
      // A chunk that failed to load (a new deploy, the network): the next navigation tries again.
      if (loading === load) loading = null
      console.warn('the live connection could not be loaded', error)
    },
  )
}
