// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SeatMarkBadge, SeatTools } from '../../../../renderer/features/table/seat-tools'
import { personVolumeState } from '../../../../renderer/state/person-volume'
import { resetNotes } from '../../../../renderer/state/private-notes'
import { clearSeatMarks, seatMarksState } from '../../../../renderer/state/seat-marks'
import { noteLimits, type RouteDefinition } from '../../../../server/contract/http'
import { answerCalls } from '../calls'
import { createShellI18n, renderWithProviders } from '../shell/support'

const calls: Array<{ method: string; input: any }> = []
let answer: (route: RouteDefinition, input: any) => unknown = () => ({ items: [] })

answerCalls((route, input) => {
  calls.push({ method: route.method, input })
  return answer(route, input)
})

const marta = { id: 22, nickname: 'Marta', officialNickname: null, avatar: null, isPremium: false }
const stored = (text: string) => ({ userId: marta.id, text, updatedAt: '2026-01-01T00:00:00.000Z' })
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)))

let en: I18n
beforeAll(async () => {
  en = await createShellI18n('en')
})
// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => {
  resetNotes()
  clearSeatMarks()
  personVolumeState.volumes = {}
  localStorage.clear()
})

beforeEach(() => {
  calls.length = 0
  answer = (route, input) =>
    route.method === 'GET' ? { items: [stored('nervous on day one')] } : { userId: marta.id, note: input.body.text ? stored(input.body.text) : null }
  resetNotes()
  clearSeatMarks()
  personVolumeState.volumes = {}
  localStorage.clear()
})
afterEach(cleanup)

/** A click that reaches the tile would act on the seat (nominate, vote, shoot). */
const tileActs = vi.fn()

async function openTools(props: Partial<Parameters<typeof SeatTools>[0]> = {}, i18n = en) {
  tileActs.mockClear()
  renderWithProviders(
    i18n,
    <div onClick={tileActs} onKeyDown={tileActs}>
      <SeatTools lobbyId={4} seat={2} user={marta} viewerIsSelf={false} {...props} />
      <SeatMarkBadge lobbyId={4} seat={2} />
    </div>,
  )
  fireEvent.click(screen.getByTestId('seat-tools-2'))
  const dialog = await screen.findByRole('dialog')
  await settle()
  return dialog
}

describe('seat tools', () => {
  it('opens from a labelled button; a mark chosen shows on the tile as a badge and is kept', async () => {
    renderWithProviders(en, <SeatTools lobbyId={4} seat={2} user={marta} viewerIsSelf={false} />)
    expect(screen.getByRole('button', { name: 'Marks, note and volume for seat 2, Marta' })).toBe(screen.getByTestId('seat-tools-2'))
    cleanup()

    const dialog = await openTools()
    expect(within(dialog).getByText('Seat 2 · Marta')).toBeTruthy()
    expect(screen.queryByTestId('seat-mark-badge-2')).toBeNull()

    fireEvent.click(screen.getByTestId('seat-mark-2-suspicion'))
    await settle()
    expect(screen.getByTestId('seat-mark-badge-2').dataset.mark).toBe('suspicion')
    expect(screen.getByTestId('seat-mark-badge-2').textContent).toBe('Suspicion')
    expect(seatMarksState).toEqual({ lobbyId: 4, marks: { 2: 'suspicion' } })
    expect((screen.getByTestId('seat-mark-2-suspicion') as HTMLInputElement).checked).toBe(true)

    fireEvent.click(screen.getByTestId('seat-mark-2-none'))
    await settle()
    expect(screen.queryByTestId('seat-mark-badge-2')).toBeNull()
    // Nothing done inside the tools reaches the tile.
    fireEvent.keyDown(screen.getByTestId('seat-note-2'), { key: '3' })
    expect(tileActs).not.toHaveBeenCalled()
  })

  it('shows the stored note, saves an edit, and deletes the note when emptied', async () => {
    await openTools()
    const note = screen.getByTestId('seat-note-2') as HTMLTextAreaElement
    expect(note.value).toBe('nervous on day one')
    expect(calls[0]).toEqual({ method: 'GET', input: { query: { users: '22' } } })
    expect(screen.getByLabelText('Private note on Marta')).toBe(note)
    expect(screen.getByTestId('seat-note-counter-2').textContent).toBe(`18 / ${noteLimits.textMax}`)

    fireEvent.change(note, { target: { value: 'voted against #3 twice' } })
    fireEvent.click(screen.getByTestId('seat-note-save-2'))
    await settle()
    expect(calls.at(-1)).toEqual({ method: 'PUT', input: { params: { userId: 22 }, body: { text: 'voted against #3 twice' } } })
    expect(screen.getByTestId('seat-note-status-2').textContent).toBe('Note saved')

    fireEvent.change(note, { target: { value: '   ' } })
    fireEvent.click(screen.getByTestId('seat-note-save-2'))
    await settle()
    expect(calls.at(-1)?.input.body).toEqual({ text: '' })
    expect(screen.getByTestId('seat-note-status-2').textContent).toBe('Note deleted')
  })

  it('refuses an over-long note under the field, with the counter over the limit, and sends nothing', async () => {
    await openTools()
    const note = screen.getByTestId('seat-note-2')
    fireEvent.change(note, { target: { value: 'x'.repeat(noteLimits.textMax + 1) } })
    expect(screen.getByText('A note may hold at most 2,000 characters.')).toBeTruthy()
    expect(screen.getByTestId('seat-note-counter-2').textContent).toBe(`${noteLimits.textMax + 1} / ${noteLimits.textMax}`)
    expect((screen.getByTestId('seat-note-save-2') as HTMLButtonElement).disabled).toBe(true)
    expect(note.getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([])
  })

  it("shows the server's refusal under the field and keeps the text", async () => {
    answer = (route) => {
      if (route.method === 'GET') return { items: [] }
      throw new (class extends Error {})('offline')
    }
    await openTools()
    fireEvent.change(screen.getByTestId('seat-note-2'), { target: { value: 'keep me' } })
    fireEvent.click(screen.getByTestId('seat-note-save-2'))
    await settle()
    expect(screen.getByText('Something went wrong on our side. Please try again later.', { exact: false })).toBeTruthy()
    expect((screen.getByTestId('seat-note-2') as HTMLTextAreaElement).value).toBe('keep me')
  })

  it("sets the person's volume with a labelled slider", async () => {
    await openTools()
    const slider = screen.getByTestId('seat-volume-2') as HTMLInputElement
    expect(screen.getByLabelText('Volume of Marta')).toBe(slider)
    expect(slider.value).toBe('100')
    fireEvent.change(slider, { target: { value: '35' } })
    await settle()
    expect(personVolumeState.volumes).toEqual({ 22: 35 })
    expect(slider.getAttribute('aria-valuetext')).toBe('35 %')
  })

  it("on the viewer's own seat or an empty one offers only the mark", async () => {
    await openTools({ viewerIsSelf: true })
    expect(screen.getByTestId('seat-mark-2-trust')).toBeTruthy()
    expect(screen.queryByTestId('seat-note-2')).toBeNull()
    expect(screen.queryByTestId('seat-volume-2')).toBeNull()
    expect(calls).toEqual([])
    cleanup()
    await openTools({ user: null })
    expect(screen.queryByTestId('seat-note-2')).toBeNull()
  })

  it("on the judge's place offers the judge's volume and a note, no mark; nothing to the judge themselves", async () => {
    renderWithProviders(en, <SeatTools lobbyId={4} seat="judge" user={marta} viewerIsSelf={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Volume and note for the judge, Marta' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Judge · Marta')).toBeTruthy()
    expect(screen.getByTestId('seat-note-judge')).toBeTruthy()
    expect(screen.getByTestId('seat-volume-judge')).toBeTruthy()
    expect(screen.queryByRole('radio')).toBeNull()
    cleanup()
    renderWithProviders(en, <SeatTools lobbyId={4} seat="judge" user={marta} viewerIsSelf />)
    expect(screen.queryByTestId('seat-tools-judge')).toBeNull()
  })

  it('speaks every language: Hebrew labels', async () => {
    await openTools({}, await createShellI18n('he'))
    expect(screen.getByLabelText('פתק פרטי על Marta')).toBeTruthy()
    expect(screen.getByLabelText('עוצמת הקול של Marta')).toBeTruthy()
  })
})
