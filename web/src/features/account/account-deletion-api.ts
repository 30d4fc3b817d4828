import type { MessageResponse, SuccessResponse } from '@shelf/contracts';
import { postJson } from '../../shared/api/api-client';

/** "Delete my account": the signed-in reader's password is checked, then an e-mail with a link to confirm is sent. */
export const requestAccountDeletion = (password: string) => postJson<MessageResponse>('/user/profile/delete-account', { password });

/** The e-mailed link's confirmation: deletes the account its token names; no sign-in needed. */
export const deleteAccount = (token: string) => postJson<SuccessResponse>('/user/delete-account', { token });
