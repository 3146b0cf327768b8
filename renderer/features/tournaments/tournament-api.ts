import { ApiError } from '../../api/client'
import { isErrorCode } from '../../../server/contract/errors'
import type { Tournament, TournamentLobbySettingsInput, TournamentSettingsInput } from '../../../server/contract/http/tournaments'
import { serverUrl } from '../../platform/bridge'
import { sessionState } from '../../state/session'

/** Where a tournament's form goes: the organisers' save, or the admin panel's create and update. */
export type SaveTarget = { kind: 'save'; id: number | null } | { kind: 'admin'; id: number | null }

function targetOf(target: SaveTarget): { method: 'POST' | 'PATCH'; path: string } {
  if (target.kind === 'save') return { method: 'POST', path: target.id === null ? '/api/tournaments/save' : `/api/tournaments/save/${target.id}` }
  return target.id === null ? { method: 'POST', path: '/api/admin/tournaments' } : { method: 'PATCH', path: `/api/admin/tournaments/${target.id}` }
}

/**
 * Sends a tournament's multipart form (`tournamentSettings`, `lobbySettings`, `images`) and reports
 * the upload's progress (0 to 1). XMLHttpRequest, not fetch: a browser reports a request body's
 * progress only there (a streamed fetch body needs HTTP/2).
 */
export function sendTournament(
  target: SaveTarget,
  settings: TournamentSettingsInput,
  lobbySettings: TournamentLobbySettingsInput,
  images: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<Tournament> {
  const form = new FormData()
  form.set('tournamentSettings', JSON.stringify(settings))
  form.set('lobbySettings', JSON.stringify(lobbySettings))
  for (const image of images) form.append('images', image, image.name)
  const { method, path } = targetOf(target)
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, serverUrl(path))
    const token = sessionState.token
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onerror = () => reject(new ApiError(0, 'errors.internal', {}))
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText) as unknown
      } catch {
        // not JSON
      }
      if (xhr.status === 200) {
        onProgress(1)
        resolve((body as { tournament: Tournament }).tournament)
        return
      }
      const answer = (body ?? {}) as { code?: unknown; field?: string }
      const code = isErrorCode(answer.code) ? answer.code : xhr.status === 429 ? 'errors.rate_limited' : 'errors.internal'
      reject(new ApiError(xhr.status, code, { ...(answer.field ? { field: answer.field } : {}) }))
    }
    xhr.send(form)
  })
}
