/** What an account command answers: the message for the reader, and whether it did what was asked. */
export interface AccountResult {
  success: boolean;
  message: string;
}

export const ok = (message: string): AccountResult => ({ success: true, message });
export const refused = (message: string): AccountResult => ({ success: false, message });
