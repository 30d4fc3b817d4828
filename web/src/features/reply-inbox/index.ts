export { ReplyNotificationsPage } from './components/ReplyNotificationsPage';
