import type { Access } from './access'

/** The spec's layouts. */
export type LayoutName = 'empty' | 'default' | 'chat' | 'admin' | 'plain'

/** What the route table attaches to each route (`handle`). */
export interface RouteHandle {
  /** On layout routes. */
  layout?: LayoutName
  /** On screen routes. */
  access?: Access
  /** Translation key of the screen's title (document title). */
  title?: string
}
