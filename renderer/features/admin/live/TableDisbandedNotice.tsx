import { lazy, Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { disbandNoticeState } from './disband-notice'

// Most visits never see this notice: Fluent's dialog code loads the first time a table is disbanded under the viewer.
const TableDisbandedDialog = lazy(() => import('./TableDisbandedDialog').then((module) => ({ default: module.TableDisbandedDialog })))

/** The notice of a disbanded table, loaded with the first one and kept mounted after (so it closes as a dialog does). */
export function TableDisbandedNotice() {
  const { notice } = useSnapshot(disbandNoticeState)
  const [wanted, setWanted] = useState(false)
  if (notice !== null && !wanted) setWanted(true)
  if (!wanted && notice === null) return null
  return (
    <Suspense fallback={null}>
      <TableDisbandedDialog />
    </Suspense>
  )
}
