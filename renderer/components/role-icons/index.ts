export { RoleIcon, roleIconNames, type RoleIconName } from './RoleIcon'
