import {
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  makeStyles,
  type SortDirection,
  type TableColumnDefinition,
  type TableColumnId,
  type TableRowId,
} from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../../components/error-text'
import { LoadingState } from '../../../components/LoadingState'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { AdminPager, type PagerTexts } from './AdminPager'
import type { PagedList } from './use-paged-list'

const useStyles = makeStyles({
  busy: { opacity: 0.6 },
})

/** Sorting on the server: the grid shows the column and direction, a header click asks for another. */
export interface GridSort {
  column: string
  direction: SortDirection
  onChange(column: string, direction: SortDirection): void
}

export interface AdminGridProps<T> {
  list: PagedList<T>
  columns: TableColumnDefinition<T>[]
  getRowId(item: T): TableRowId
  /** Names the grid for assistive technology. */
  label: string
  /** Shown when the list has nothing (an `EmptyState`). */
  empty: ReactNode
  /** The pager's texts; none: the list has no pager. `always`: shown with a single page too; `compact`: icon buttons. */
  pager?: PagerTexts & { always?: boolean; compact?: boolean }
  sort?: GridSort
  testId?: string
  rowTestId?(item: T): string | undefined
  /** More `data-` attributes of an item's row (what a test or a style reads from it, e.g. its status). */
  rowData?(item: T): RowData
}

/** `data-` attributes of a grid row. */
type RowData = Record<`data-${string}`, string | undefined>

/**
 * A server list in Fluent's DataGrid: its failure (translated), the first load, the empty list, the
 * rows (dimmed and marked busy while the next page loads) and the pager. Sorting and paging happen
 * on the server: the grid never reorders rows itself.
 */
export function AdminGrid<T>(props: AdminGridProps<T>) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { list, pager, sort } = props
  const { result, loading } = list
  return (
    <>
      {list.error ? <TextMessageBar intent="error">{errorText(t, list.error)}</TextMessageBar> : null}
      {!result && loading ? <LoadingState /> : null}
      {result && result.items.length === 0 ? props.empty : null}
      {result && result.items.length > 0 ? (
        <DataGrid
          items={result.items}
          columns={props.columns}
          getRowId={props.getRowId}
          aria-label={props.label}
          aria-busy={loading}
          className={loading ? styles.busy : undefined}
          data-testid={props.testId}
          {...(sort
            ? {
                sortable: true,
                sortState: { sortColumn: sort.column as TableColumnId, sortDirection: sort.direction },
                onSortChange: (_event: unknown, state: { sortColumn: TableColumnId | undefined; sortDirection: SortDirection }) => sort.onChange(String(state.sortColumn), state.sortDirection),
              }
            : {})}
        >
          <DataGridHeader>
            <DataGridRow>{({ renderHeaderCell }) => <DataGridHeaderCell>{renderHeaderCell()}</DataGridHeaderCell>}</DataGridRow>
          </DataGridHeader>
          <DataGridBody<T>>
            {({ item, rowId }) => (
              <DataGridRow<T> key={rowId} data-testid={props.rowTestId?.(item)} {...props.rowData?.(item)}>
                {({ renderCell }) => <DataGridCell>{renderCell(item)}</DataGridCell>}
              </DataGridRow>
            )}
          </DataGridBody>
        </DataGrid>
      ) : null}
      {pager && result && (pager.always || list.pages > 1) ? <AdminPager page={list.page} pages={list.pages} busy={loading} onPage={list.setPage} texts={pager} compact={pager.compact} /> : null}
    </>
  )
}
