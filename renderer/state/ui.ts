import { proxy } from 'valtio'

export type ThemeName = 'dark' | 'light'

const themeStorageKey = 'theme'

function readTheme(): ThemeName {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(themeStorageKey) === 'light' ? 'light' : 'dark'
  } catch {
    return 'dark'
  }
}

/** Shell state: the theme (dark by default, remembered) and the drawers. */
export const uiState = proxy({
  theme: readTheme(),
  /** Desktop main drawer: expanded (true) or a rail of icons (false). */
  mainDrawerExpanded: false,
  /** Desktop admin drawer: open by default. */
  adminDrawerExpanded: true,
  /** Mobile: the temporary drawer over the page. */
  mobileDrawerOpen: false,
})

export function setTheme(theme: ThemeName): void {
  uiState.theme = theme
  try {
    localStorage.setItem(themeStorageKey, theme)
  } catch {
    // blocked storage: the theme lasts for this visit
  }
}

export function toggleTheme(): void {
  setTheme(uiState.theme === 'dark' ? 'light' : 'dark')
}

export function toggleMainDrawer(): void {
  uiState.mainDrawerExpanded = !uiState.mainDrawerExpanded
}

export function toggleAdminDrawer(): void {
  uiState.adminDrawerExpanded = !uiState.adminDrawerExpanded
}

export function setMobileDrawerOpen(open: boolean): void {
  uiState.mobileDrawerOpen = open
}
