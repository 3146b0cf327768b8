// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import {
  chatsState,
  clampPosition,
  closeDialog,
  dialogSize,
  dialogsStorageKey,
  focusDialog,
  keepDialogsInside,
  moveDialog,
  nextDialogPlace,
  openDialog,
  readDialogs,
  resetChats,
  toggleDialogMinimized,
  writeDialogs,
} from '../../../../renderer/state/chats'

const view = { width: 1200, height: 800 }

beforeEach(() => {
  localStorage.clear()
  resetChats({ forgetDialogs: true })
})

describe('keeping windows inside the viewport', () => {
  it('leaves a window that fits where it is', () => {
    expect(clampPosition({ top: 100, left: 200 }, dialogSize, view)).toEqual({ top: 100, left: 200 })
  })
  it('pulls a window back from every edge', () => {
    expect(clampPosition({ top: -50, left: -10 }, dialogSize, view)).toEqual({ top: 0, left: 0 })
    expect(clampPosition({ top: 790, left: 1190 }, dialogSize, view)).toEqual({ top: 800 - dialogSize.height, left: 1200 - dialogSize.width })
  })
  it('puts a window larger than the viewport at the corner', () => {
    expect(clampPosition({ top: 30, left: 30 }, dialogSize, { width: 200, height: 200 })).toEqual({ top: 0, left: 0 })
  })
  it('places new windows inside the viewport, side by side', () => {
    const first = nextDialogPlace(0, view)
    const second = nextDialogPlace(1, view)
    expect(first.left + dialogSize.width).toBeLessThanOrEqual(view.width)
    expect(first.top + dialogSize.height).toBeLessThanOrEqual(view.height)
    expect(second.left).toBeLessThan(first.left)
  })
  it('moving and resizing keep windows inside', () => {
    openDialog(7, 'Bob')
    moveDialog(7, { top: 5000, left: -300 }, view)
    expect(chatsState.dialogs[0]).toMatchObject({ left: 0, top: view.height - dialogSize.height })
    keepDialogsInside({ width: 500, height: 450 })
    expect(chatsState.dialogs[0]).toMatchObject({ left: 0, top: 450 - dialogSize.height })
  })
  it('a minimised window may go lower: only its header must fit', () => {
    openDialog(7, 'Bob')
    toggleDialogMinimized(7)
    moveDialog(7, { top: 5000, left: 0 }, view)
    expect(chatsState.dialogs[0]?.top).toBe(view.height - dialogSize.minimizedHeight)
  })
})

describe('window positions in local storage', () => {
  it('saves {id, name, top, left, minimize, newMessage} under chatDialogs and reads them back', () => {
    openDialog(7, 'Bob', { newMessage: true })
    moveDialog(7, { top: 40, left: 60 }, view)
    toggleDialogMinimized(7)
    const stored = JSON.parse(localStorage.getItem(dialogsStorageKey) ?? 'null')
    expect(stored).toEqual([{ id: 7, name: 'Bob', top: 40, left: 60, minimize: true, newMessage: true }])
    expect(readDialogs()).toEqual(stored)
  })

  it('restores what was saved (a reload)', () => {
    writeDialogs([
      { id: 3, name: 'Carol', top: 10, left: 20, minimize: false, newMessage: true },
      { id: 4, name: 'Dave', top: 30, left: 40, minimize: true, newMessage: false },
    ])
    expect(readDialogs().map((dialog) => dialog.id)).toEqual([3, 4])
    expect(readDialogs()[0]).toEqual({ id: 3, name: 'Carol', top: 10, left: 20, minimize: false, newMessage: true })
  })

  it('drops malformed, duplicate and foreign entries', () => {
    localStorage.setItem(dialogsStorageKey, JSON.stringify([{ id: 1, name: 'A', top: 0, left: 0, minimize: false, newMessage: false, extra: 1 }, { id: 1, name: 'A2', top: 0, left: 0, minimize: false, newMessage: false }, { id: 'x' }, null, 5]))
    expect(readDialogs()).toEqual([{ id: 1, name: 'A', top: 0, left: 0, minimize: false, newMessage: false }])
    localStorage.setItem(dialogsStorageKey, '{not json')
    expect(readDialogs()).toEqual([])
    localStorage.setItem(dialogsStorageKey, '{"id":1}')
    expect(readDialogs()).toEqual([])
  })

  it('opening an open window again marks it or brings it up, never twice', () => {
    openDialog(7, 'Bob')
    toggleDialogMinimized(7)
    openDialog(7, 'Bob', { newMessage: true })
    expect(chatsState.dialogs).toHaveLength(1)
    expect(chatsState.dialogs[0]).toMatchObject({ minimize: true, newMessage: true })
    openDialog(7, 'Bob')
    expect(chatsState.dialogs[0]?.minimize).toBe(false)
  })

  it('focusing a window clears its mark; closing forgets it', () => {
    openDialog(7, 'Bob', { newMessage: true })
    focusDialog(7)
    expect(chatsState.dialogs[0]?.newMessage).toBe(false)
    expect(readDialogs()[0]?.newMessage).toBe(false)
    closeDialog(7)
    expect(chatsState.dialogs).toEqual([])
    expect(readDialogs()).toEqual([])
    expect(chatsState.focusedDialogId).toBeNull()
  })

  it('signing out forgets the windows', () => {
    openDialog(7, 'Bob')
    resetChats({ forgetDialogs: true })
    expect(readDialogs()).toEqual([])
  })
})
