import { MemoryRouter } from 'react-router'
import { FriendsScreen } from '../../../../renderer/features/friends/FriendsScreen'
import { createShellI18n, renderWithProviders } from '../shell/support'

/** What the friends screen tests share. */

/** A user card as the server sends it. */
export const card = (id: number, nickname: string) => ({ id, nickname, officialNickname: null, avatar: null, isPremium: false })

/** Renders the friends screen in English inside a router. */
export async function renderFriendsScreen(): Promise<void> {
  const i18n = await createShellI18n('en')
  renderWithProviders(
    i18n,
    <MemoryRouter>
      <FriendsScreen />
    </MemoryRouter>,
  )
}
