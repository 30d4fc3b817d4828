/** The user record a session carries, as login answers it. */
export interface AuthUser {
  user_id: string;
  username: string;
  email: string;
  email_verified: boolean;
}

export interface LoginResponse {
  message: string;
  token?: string;
  refreshToken?: string;
  user?: AuthUser;
}

export interface TokenResponse {
  token: string;
  refreshToken: string;
}

export interface MessageResponse {
  message: string;
}

export interface SuccessResponse {
  message: string;
  success: boolean;
}

/** What the access token says about its bearer. */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  email: string;
  email_verified: boolean;
  /** The session: its refresh token family (absent in tokens issued before sessions were named). */
  sid?: string;
}
