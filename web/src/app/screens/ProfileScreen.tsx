import { ProfilePage } from '../../features/account';
import { EmailDigests } from '../../features/digests';

/** The profile page with the e-mail digests section, which the digests feature draws. */
export function ProfileScreen() {
  return <ProfilePage emailDigests={<EmailDigests />} />;
}
