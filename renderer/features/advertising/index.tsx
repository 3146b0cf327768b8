import { lazy, Suspense } from 'react'

const Column = lazy(() => import('./AdvertisingColumn').then((module) => ({ default: module.AdvertisingColumn })))

/** The advertising column, loaded the first time a drawer that shows it opens. */
export function LazyAdvertisingColumn() {
  return (
    <Suspense fallback={null}>
      <Column />
    </Suspense>
  )
}
