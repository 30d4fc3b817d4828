import type { MessageResponse } from '@shelf/contracts';
import { postJson } from '../api/api-client';

/** POST /api/user/logout: the server forgets the refresh token. */
export const forgetRefreshToken = (refreshToken: string) => postJson<MessageResponse>('/user/logout', { refreshToken });
