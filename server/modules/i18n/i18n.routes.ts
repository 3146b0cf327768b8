import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { i18nRoutes } from '../../contract/http/i18n'
import type { I18nService } from './i18n.service'

export async function i18nHttpRoutes(app: FastifyInstance, options: { i18n: I18nService }): Promise<void> {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  typed.route({ ...i18nRoutes.languages, handler: () => options.i18n.languages() })
  typed.route({
    ...i18nRoutes.messages,
    handler: async (request, reply) => {
      const messages = await options.i18n.messages(request.params.namespace, request.params.locale)
      void reply.header('Cache-Control', 'no-cache')
      return messages
    },
  })
}
