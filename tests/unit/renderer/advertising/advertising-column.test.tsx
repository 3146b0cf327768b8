// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { MemoryRouter } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SideDrawer } from '../../../../renderer/app/shell/SideDrawer'
import { AdvertisingColumn } from '../../../../renderer/features/advertising/AdvertisingColumn'
import { advertPrice, advertUrl, forgetAdverts, loadAdverts } from '../../../../renderer/features/advertising/adverts'
import type { RouteDefinition } from '../../../../server/contract/http'
import { answerCalls } from '../calls'
import { createShellI18n, renderWithProviders } from '../shell/support'

const answers = new Map<string, unknown>()
/** The server: each address answers what `answers` holds for it (an Error fails the call). */
const call = vi.fn((route: RouteDefinition) => {
  const answer = answers.get(route.url)
  return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
})
answerCalls(call)

let i18n: I18n
beforeAll(async () => {
  i18n = await createShellI18n('en')
})
// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => forgetAdverts())

beforeEach(() => {
  answers.clear()
  forgetAdverts()
  call.mockClear()
})
afterEach(() => cleanup())

const stream = { id: 1, videoUrl: 'https://video.example/live/1', thumbnailUrl: '/uploads/thumb-1.png' }
const tournament = { id: 2, imageUrl: 'https://img.example/cup.png', name: 'Kyiv Autumn Cup', price: 25, currency: 'EUR', startDate: '2026-12-05T18:00:00.000Z', registrationLink: 'https://cup.example/register' }

function serve(streams: unknown[], tournaments: unknown[]) {
  answers.set('/api/streams/advertise', { items: streams })
  answers.set('/api/advertising', { items: tournaments, total: tournaments.length })
}

describe('the drawer’s advertising column', () => {
  it('shows stream adverts as thumbnails linking to the video and tournament adverts with name, price and start date linking to the registration', async () => {
    serve([stream], [tournament, { ...tournament, id: 3, name: 'Open Night', price: 0, startDate: null }])
    renderWithProviders(i18n, <AdvertisingColumn />)
    const column = await screen.findByTestId('advertising-column')
    expect(column.getAttribute('aria-label')).toBe('Advertising')
    const streamLink = screen.getByTestId('advert-stream')
    expect(streamLink.getAttribute('href')).toBe('https://video.example/live/1')
    expect(streamLink.querySelector('img')?.getAttribute('src')).toBe('/uploads/thumb-1.png')
    expect(streamLink.querySelector('img')?.getAttribute('alt')).toBe('Watch the stream')
    const [cup, open] = screen.getAllByTestId('advert-tournament')
    expect(cup?.getAttribute('href')).toBe('https://cup.example/register')
    expect(cup?.getAttribute('aria-label')).toBe('Register for Kyiv Autumn Cup')
    expect(cup?.textContent).toContain('Kyiv Autumn Cup')
    expect(cup?.textContent).toContain('€25.00')
    expect(cup?.textContent).toContain('Starts Dec 5, 2026')
    expect(open?.textContent).toContain('Free')
    expect(open?.textContent).not.toContain('Starts')
  })

  it('with no advert (or a failed load) it draws nothing at all', async () => {
    serve([], [])
    renderWithProviders(i18n, <AdvertisingColumn />)
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByTestId('advertising-column')).toBeNull()
    cleanup()
    forgetAdverts()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    answers.set('/api/streams/advertise', new Error('offline'))
    answers.set('/api/advertising', { items: [tournament], total: 1 })
    renderWithProviders(i18n, <AdvertisingColumn />)
    await waitFor(() => expect(warn).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByTestId('advertising-column')).toBeNull()
    warn.mockRestore()
  })

  it('is part of the mobile drawer only', async () => {
    serve([stream], [])
    const drawer = (mobile: boolean) => (
      <MemoryRouter>
        <SideDrawer id="main-drawer" label="Main menu" items={[]} expanded mobile={mobile} mobileOpen onMobileOpenChange={() => undefined} mobileExtra={<AdvertisingColumn />} />
      </MemoryRouter>
    )
    renderWithProviders(i18n, drawer(true))
    expect(await screen.findByTestId('advert-stream')).toBeTruthy()
    cleanup()
    renderWithProviders(i18n, drawer(false))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.queryByTestId('advertising-column')).toBeNull()
  })

  it('asks the server once for several openings; addresses that are neither http(s) nor a server path are not shown', async () => {
    serve([stream, { id: 4, videoUrl: 'javascript:alert(1)', thumbnailUrl: '/uploads/x.png' }], [])
    const first = await loadAdverts(1_000)
    await loadAdverts(2_000)
    expect(call).toHaveBeenCalledTimes(2)
    expect(first.streams.map((advert) => advert.id)).toEqual([1])
    await loadAdverts(1_000 + 6 * 60_000)
    expect(call).toHaveBeenCalledTimes(4)
    expect(advertUrl('//evil.example/x')).toBeNull()
    expect(advertPrice(null, 'EUR', 'en')).toBeNull()
    expect(advertPrice(12.5, null, 'de')).toEqual({ text: '12,5' })
  })
})
