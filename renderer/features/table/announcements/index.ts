export { Announcements, bannerMilliseconds } from './Announcements'
export { announcementKinds, announcementOf, announcementsOf, announcementText, seatName } from './announcement-of'
export type { Announcement, AnnouncementKind, SeatCard } from './announcement-of'
