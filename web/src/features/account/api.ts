import type { LoginResponse, MessageResponse, SuccessResponse } from '@shelf/contracts';
import { getJson, postJson } from '../../shared/api/api-client';

const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

export const logIn = (email: string, password: string, honeypot: string) => postJson<LoginResponse>('/user/login', { email, password, honeypot });

export const register = (email: string, password: string, username: string, honeypot: string) =>
  postJson<SuccessResponse>('/user/register', { email, password, username, honeypot });

export const verifyEmail = (token: string, email: string) => getJson<MessageResponse>(`/user/verify-email?${query({ token, email })}`);

export const requestPasswordReset = (email: string, honeypot: string) => postJson<MessageResponse>('/user/forgot-password', { email, honeypot });

export const checkResetToken = (token: string, email: string) => getJson<SuccessResponse>(`/user/reset-password?${query({ token, email })}`);

export const resetPassword = (token: string, newPassword: string, honeypot: string) =>
  postJson<SuccessResponse>('/user/reset-password', { token, newPassword, honeypot });

export const changeUsername = (newUsername: string, honeypot: string) => postJson<MessageResponse>('/user/profile/change-username', { newUsername, honeypot });

export const changePassword = (newPassword: string, honeypot: string) => postJson<MessageResponse>('/user/profile/change-password', { newPassword, honeypot });

/** Sends the signed-in reader a new verification e-mail. */
export const resendVerification = () => postJson<MessageResponse>('/user/resend-verification', {});

/** Ends the reader's sessions on every other device; this one stays logged in. */
export const logOutOtherSessions = () => postJson<MessageResponse>('/user/profile/logout-other-sessions', {});
