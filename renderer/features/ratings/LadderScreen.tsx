import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { call } from '../../api/client'
import { ratingsRoutes, type RatingTab } from '../../../server/contract/http/ratings'
import { LadderTable } from './LadderTable'
import { ladderName } from './RatingsScreen'

/** /ratings/ladder/{id}: one ladder, under the tabs of /ratings (its parent screen). */
export function LadderScreen() {
  const { t } = useTranslation()
  const { id = 'overall' } = useParams()
  const [tabs, setTabs] = useState<RatingTab[]>([])
  useEffect(() => {
    const abort = new AbortController()
    // Only for the ladder's name; a failure leaves the id as its name (the parent shows the error).
    call(ratingsRoutes.tabs, { signal: abort.signal })
      .then((answer) => setTabs(answer.items))
      .catch(() => {})
    return () => abort.abort()
  }, [])
  return <LadderTable key={id} ladderId={id} title={ladderName(t, id, tabs)} />
}
