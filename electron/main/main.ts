/**
 * The Electron main process entry (package.json "main": dist/electron/main/main.js).
 * Everything it does lives in plain modules (desktop-app.ts and what it imports); this file only hands
 * them Electron and the facts of this run.
 */
import { join } from 'node:path'
import { app, BrowserWindow, ipcMain, Notification, session, shell } from 'electron'
import { appUrlVariable } from './app-location'
import { startDesktopApp } from './desktop-app'

startDesktopApp(
  { app, BrowserWindow, ipcMain, Notification, session, shell },
  {
    appUrl: process.env[appUrlVariable],
    // dist/electron/main -> dist/renderer (vite build) and dist/electron/preload (the preload bundle)
    rendererIndexPath: join(__dirname, '..', '..', 'renderer', 'index.html'),
    preloadPath: join(__dirname, '..', 'preload', 'preload.js'),
    argv: process.argv,
    defaultApp: process.defaultApp === true,
    execPath: process.execPath,
    platform: process.platform,
  },
)
