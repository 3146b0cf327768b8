import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { limits } from '../../contract/http/auth'
import type { RouteDefinition } from '../../contract/http/common'
import { tournamentLimits, tournamentsRoutes } from '../../contract/http/tournaments'
import { AppError, badRequest } from '../../lib/app-error'
import { viewerOf } from '../../plugins/auth'
import { perUserRateLimit } from '../../plugins/rate-limit'
import { adminGuard, recordAudit } from '../admin'
import type { TournamentForm, TournamentsService } from './tournaments.service'

/** The route table entry without the renderer-only `multipart` flag. */
function definition<R extends RouteDefinition>(route: R): Omit<R, 'multipart'> {
  const { multipart: _multipart, ...rest } = route
  return rest
}

/**
 * Reads a tournament's multipart form: the JSON fields `tournamentSettings` and `lobbySettings`
 * (lobby settings may be left out) and up to `imagesMax` files `images`, each within the image cap.
 */
async function readTournamentForm(request: FastifyRequest): Promise<TournamentForm> {
  if (!request.isMultipart()) throw badRequest('errors.required', 'tournamentSettings')
  const fields = new Map<string, string>()
  const images: Buffer[] = []
  let unknownField: string | undefined
  try {
    for await (const part of request.parts({ limits: { files: tournamentLimits.imagesMax, fileSize: limits.imageMaxBytes, fields: 4, parts: tournamentLimits.imagesMax + 4 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'images') {
          const bytes = await part.toBuffer()
          if (bytes.length > 0) images.push(bytes)
        } else {
          unknownField ??= part.fieldname
          part.file.resume()
        }
      } else if (part.fieldname === 'tournamentSettings' || part.fieldname === 'lobbySettings') fields.set(part.fieldname, String(part.value))
      else unknownField ??= part.fieldname
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'errors.file_too_large', { field: 'images' })
    if (code === 'FST_FILES_LIMIT') throw badRequest('errors.tournaments.too_many_images', 'images')
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('errors.unknown_field', unknownField)
    if (error instanceof AppError) throw error
    throw badRequest('errors.validation', 'tournamentSettings')
  }
  if (unknownField !== undefined) throw badRequest('errors.unknown_field', unknownField)
  const settings = fields.get('tournamentSettings')
  if (settings === undefined) throw badRequest('errors.required', 'tournamentSettings')
  return { tournamentSettings: parseJson(settings, 'tournamentSettings'), lobbySettings: parseJson(fields.get('lobbySettings') ?? '{}', 'lobbySettings'), images }
}

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw badRequest('errors.tournaments.bad_settings', field)
  }
}

/** /api/tournaments/* for signed-in users (rules in the service) and /api/admin/tournaments for admins, with the audit trail. */
export async function registerTournamentsRoutes(app: FastifyInstance, options: { service: TournamentsService }): Promise<void> {
  const { service } = options
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  const saves = perUserRateLimit(app, 'tournaments-save', { max: tournamentLimits.savesPerMinute, windowMs: 60_000 })
  const roundStarts = perUserRateLimit(app, 'tournaments-rounds', { max: tournamentLimits.roundsPerMinute, windowMs: 60_000 })
  const registrations = perUserRateLimit(app, 'tournaments-register', { max: tournamentLimits.registrationsPerMinute, windowMs: 60_000 })

  typed.route({ ...tournamentsRoutes.list, preHandler: app.requireUser, handler: (request) => service.list(viewerOf(request)) })
  typed.route({ ...tournamentsRoutes.loadDecks, preHandler: app.requireUser, handler: async () => service.decks() })
  typed.route({ ...tournamentsRoutes.loadOrganizations, preHandler: app.requireUser, handler: (request) => service.organizations(viewerOf(request)) })
  typed.route({ ...tournamentsRoutes.add, preHandler: app.requireUser, handler: (request) => service.draft(viewerOf(request), request.query.timezone) })
  typed.route({ ...tournamentsRoutes.schedule, preHandler: app.requireUser, handler: (request) => service.schedule(viewerOf(request), request.body) })
  typed.route({ ...tournamentsRoutes.detail, preHandler: app.requireUser, handler: (request) => service.detail(viewerOf(request), request.params.id) })

  typed.route({
    ...definition(tournamentsRoutes.save),
    preHandler: [app.requireUser, saves],
    handler: async (request) => {
      const form = await readTournamentForm(request)
      const id = request.params.id === undefined ? null : Number(request.params.id)
      return { tournament: (await service.save(viewerOf(request), id, form)).tournament }
    },
  })

  typed.route({
    ...tournamentsRoutes.register,
    preHandler: [app.requireUser, registrations],
    handler: async (request) => ({ tournament: await service.register(viewerOf(request), request.params.id) }),
  })

  typed.route({
    ...tournamentsRoutes.startRound,
    preHandler: [app.requireUser, roundStarts],
    handler: async (request) => ({ round: await service.startRound(viewerOf(request), request.params.id) }),
  })

  const admin = adminGuard(app, 'admin')
  typed.route({ ...tournamentsRoutes.adminList, preHandler: admin, handler: (request) => service.adminPage(viewerOf(request), request.query) })

  typed.route({
    ...definition(tournamentsRoutes.adminCreate),
    preHandler: [admin, saves],
    handler: async (request) => {
      const viewer = viewerOf(request)
      const { tournament } = await service.save(viewer, null, await readTournamentForm(request))
      await recordAudit(app.db, { actorId: viewer.user.id, action: 'tournament.create', target: { type: 'tournament', id: tournament.id }, after: tournament })
      return { tournament }
    },
  })

  typed.route({
    ...definition(tournamentsRoutes.adminUpdate),
    preHandler: [admin, saves],
    handler: async (request) => {
      const viewer = viewerOf(request)
      const { tournament, before } = await service.save(viewer, request.params.id, await readTournamentForm(request))
      await recordAudit(app.db, { actorId: viewer.user.id, action: 'tournament.update', target: { type: 'tournament', id: tournament.id }, before, after: tournament })
      return { tournament }
    },
  })

  typed.route({
    ...tournamentsRoutes.adminDelete,
    preHandler: [admin, saves],
    handler: async (request) => {
      const viewer = viewerOf(request)
      const before = await service.remove(request.params.id)
      await recordAudit(app.db, { actorId: viewer.user.id, action: 'tournament.delete', target: { type: 'tournament', id: before.id }, before })
      return { ok: true as const }
    },
  })
}
