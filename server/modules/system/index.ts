export { systemHttpRoutes } from './system.routes'
