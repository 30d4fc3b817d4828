export { DigestUnsubscribePage } from './components/DigestUnsubscribePage';
export { EmailDigests } from './components/EmailDigests';
