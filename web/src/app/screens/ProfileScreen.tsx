import { ProfilePage } from '../../features/account/components/ProfilePage';
import { EmailDigests } from '../../features/digests/components/EmailDigests';

/** The profile page with the e-mail digests section, which the digests feature draws. */
export function ProfileScreen() {
  return <ProfilePage emailDigests={<EmailDigests />} />;
}
