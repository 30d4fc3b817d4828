import { IsOptional, IsString, MaxLength } from 'class-validator';
import { EMAIL_MAX, PASSWORD_MAX, USERNAME_MAX } from '../domain/account-rules';

/**
 * Request bodies, checked at the edge for shape and size only; the account rules (and their messages) live in
 * the domain. Limits are generous so that an over-long value meets the rule's own message rather than this one.
 */
const TEXT_LIMIT = 1024;
const TOO_LONG = 'One of the fields is far too long.';

class WithHoneypot {
  /** Hidden in the forms: people leave it empty, bots fill it. */
  @IsOptional()
  @IsString({ message: 'The request is not valid.' })
  @MaxLength(TEXT_LIMIT, { message: TOO_LONG })
  honeypot?: string;
}

export class LoginBody extends WithHoneypot {
  @IsString({ message: 'Please enter your e-mail address.' })
  @MaxLength(EMAIL_MAX * 2, { message: TOO_LONG })
  email!: string;

  @IsString({ message: 'Please enter your password.' })
  @MaxLength(PASSWORD_MAX * 8, { message: TOO_LONG })
  password!: string;
}

export class RegisterBody extends LoginBody {
  @IsString({ message: 'Please enter a username.' })
  @MaxLength(USERNAME_MAX * 8, { message: TOO_LONG })
  username!: string;
}

export class EmailBody extends WithHoneypot {
  @IsString({ message: 'Please enter your e-mail address.' })
  @MaxLength(EMAIL_MAX * 2, { message: TOO_LONG })
  email!: string;
}

export class RefreshBody {
  @IsString({ message: 'No refresh token found' })
  @MaxLength(TEXT_LIMIT, { message: TOO_LONG })
  refreshToken!: string;
}

export class ResetPasswordBody extends WithHoneypot {
  @IsString({ message: 'Invalid token.' })
  @MaxLength(TEXT_LIMIT, { message: TOO_LONG })
  token!: string;

  @IsString({ message: 'Please enter a new password.' })
  @MaxLength(PASSWORD_MAX * 8, { message: TOO_LONG })
  newPassword!: string;
}

export class NewPasswordBody extends WithHoneypot {
  @IsString({ message: 'Please enter a new password.' })
  @MaxLength(PASSWORD_MAX * 8, { message: TOO_LONG })
  newPassword!: string;
}

export class NewUsernameBody extends WithHoneypot {
  @IsString({ message: 'Please enter a new username.' })
  @MaxLength(USERNAME_MAX * 8, { message: TOO_LONG })
  newUsername!: string;
}

/** A link's query. A missing token or address is an empty one, which no link has; a repeated parameter (an array) is invalid. */
export class TokenQuery {
  @IsString({ message: 'Invalid token.' })
  @MaxLength(TEXT_LIMIT, { message: TOO_LONG })
  token = '';

  @IsString({ message: 'Invalid token.' })
  @MaxLength(EMAIL_MAX * 2, { message: TOO_LONG })
  email = '';
}

/** True when a bot filled the hidden field. */
export const isBot = (body: WithHoneypot): boolean => (body.honeypot ?? '') !== '';

export class ErasurePasswordBody extends WithHoneypot {
  @IsString({ message: 'Please enter your password.' })
  @MaxLength(PASSWORD_MAX * 8, { message: TOO_LONG })
  password!: string;
}

export class ErasureTokenBody {
  @IsString({ message: 'Invalid token.' })
  @MaxLength(TEXT_LIMIT, { message: TOO_LONG })
  token!: string;
}
