; The Windows installer (per user, no elevation) registers mafia:// links for this user, and the
; uninstaller removes them. The app registers itself again on each start (setAsDefaultProtocolClient).
!macro customInstall
  DeleteRegKey HKCU "Software\Classes\mafia"
  WriteRegStr HKCU "Software\Classes\mafia" "" "URL:Mafia Table link"
  WriteRegStr HKCU "Software\Classes\mafia" "URL Protocol" ""
  WriteRegStr HKCU "Software\Classes\mafia\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr HKCU "Software\Classes\mafia\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey HKCU "Software\Classes\mafia"
!macroend
