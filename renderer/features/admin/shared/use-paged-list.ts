import { useCallback, useEffect, useRef, useState } from 'react'

/** One page of a server list, as every admin list call answers it. */
export interface ListPage<T> {
  items: T[]
  total: number
}

/** A list the server pages, sorts and filters: the last page it answered, and where the screen is. */
export interface PagedList<T> {
  /** The last page answered (kept while the next one loads, and after a failure). */
  result: ListPage<T> | null
  /** Why the last request failed; cleared by the next answer. */
  error: unknown
  /** A request is on its way that the shown page does not answer yet. */
  loading: boolean
  page: number
  pages: number
  setPage(page: number): void
  /** Asks for the same page again (after a change the screen made). */
  reload(): void
}

/**
 * The current page of a server list. `load` asks the server for one page; `filters` names what else
 * the request depends on (search, filters, sort), and a change of it goes back to the first page.
 * A request that is overtaken is aborted, so an old answer never replaces a newer one.
 */
export function usePagedList<T>(load: (page: number, signal: AbortSignal) => Promise<ListPage<T>>, options: { pageSize: number; filters?: string }): PagedList<T> {
  const filters = options.filters ?? ''
  const [paging, setPaging] = useState({ filters, page: 1 })
  const page = paging.filters === filters ? paging.page : 1
  const [version, setVersion] = useState(0)
  const [answer, setAnswer] = useState<{ key: string; result: ListPage<T> | null; error: unknown }>({ key: '', result: null, error: null })
  // The latest `load` (a new function at every render), read when a request starts.
  const loadRef = useRef(load)
  useEffect(() => {
    loadRef.current = load
  })
  const requestKey = `${filters}\n${page}\n${version}`

  useEffect(() => {
    const abort = new AbortController()
    const key = requestKey
    loadRef.current(page, abort.signal)
      .then((result) => {
        if (!abort.signal.aborted) setAnswer({ key, result, error: null })
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setAnswer((last) => ({ key, result: last.result, error }))
      })
    return () => abort.abort()
  }, [requestKey, page])

  const setPage = useCallback((next: number) => setPaging({ filters, page: next }), [filters])
  const reload = useCallback(() => setVersion((value) => value + 1), [])
  const result = answer.result
  return {
    result,
    error: answer.error,
    loading: answer.key !== requestKey,
    page,
    pages: result ? Math.max(1, Math.ceil(result.total / options.pageSize)) : 1,
    setPage,
    reload,
  }
}
