export { AdminGrid, type AdminGridProps, type GridSort } from './AdminGrid'
export { AdminPager, type PagerTexts } from './AdminPager'
export { usePagedList, type ListPage, type PagedList } from './use-paged-list'
