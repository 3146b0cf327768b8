import type { TablePush, TableSnapshot } from '../../server/contract/socket/game'

/* ---------- pure rules ---------- */

/**
 * What a push did to the view held: `applied` (the next of this viewer's stream, merged in), `stale`
 * (already held), `gap` (pushes were missed or the stream was restarted: sync), `ignored` (another
 * table's).
 */
export type PushOutcome = 'applied' | 'stale' | 'gap' | 'ignored'

/**
 * One push of the viewer's own stream against the view held for the table `lobbyId`. The view is
 * the server's: a push carries the top-level fields that changed, merged in as they come, so
 * nothing here knows a game rule. Pure: the held snapshot is never changed, a new one is returned
 * when the push applies (the same one otherwise).
 */
export function applyTablePush(held: TableSnapshot | null, lobbyId: number | null, push: TablePush): { outcome: PushOutcome; held: TableSnapshot | null } {
  if (lobbyId === null || push.lobbyId !== lobbyId) return { outcome: 'ignored', held }
  // Nothing held (the deal has just come) or another stream (a restart, another server): only a sync can say where it stands.
  if (held === null || held.stream !== push.stream) return { outcome: 'gap', held }
  if (push.seq <= held.seq) return { outcome: 'stale', held }
  if (push.seq !== held.seq + 1) return { outcome: 'gap', held }
  return { outcome: 'applied', held: { stream: held.stream, seq: push.seq, view: { ...held.view, ...push.changes } } }
}

/**
 * What to hold once the server answered a snapshot (a sync that could not resume, a reconnect): the
 * snapshot, unless it is older than what pushes of the same stream have brought in the meantime.
 */
export function takeSnapshot(held: TableSnapshot | null, snapshot: TableSnapshot | null): TableSnapshot | null {
  if (held !== null && snapshot !== null && held.stream === snapshot.stream && snapshot.seq < held.seq) return held
  return snapshot
}
