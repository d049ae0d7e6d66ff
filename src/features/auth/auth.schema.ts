// Account rules and their messages: one zod schema for the browser forms and the server.
import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const AUTH_MESSAGES = {
  usernameRequired: 'Please enter your username.',
  usernameTooShort: `Username must be at least ${USERNAME_MIN} characters.`,
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters.`,
  usernameCharacters: "Username may contain only letters, digits, '.', '_' and '-'.",
  usernameTaken: 'That username is already taken.',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters.`,
  passwordIsUsername: 'Password must not be the same as your username.',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  /** SPEC §8: the same for an unknown username and a wrong password. */
  invalidCredentials: 'Invalid username or password',
  notSignedIn: 'You are not signed in.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  displayNameTooLong: 'Your name must be at most 100 characters.',
} as const;

const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Case-insensitive uniqueness key; usernames are ASCII, so lower-casing is unambiguous. */
export function usernameKey(username: string): string {
  return username.toLowerCase();
}

export const UsernameSchema = z
  .string(AUTH_MESSAGES.usernameRequired)
  .min(1, AUTH_MESSAGES.usernameRequired)
  .min(USERNAME_MIN, AUTH_MESSAGES.usernameTooShort)
  .max(USERNAME_MAX, AUTH_MESSAGES.usernameTooLong)
  .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameCharacters);

export const NewPasswordSchema = z
  .string(AUTH_MESSAGES.passwordRequired)
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong)
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), AUTH_MESSAGES.passwordTooCommon);

/** A family's e-mail address: where applications and puppy updates are written to. */
export const AccountEmailSchema = z
  .string(AUTH_MESSAGES.emailRequired)
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

/** How the family is greeted; blank means "use the username". */
export const DisplayNameSchema = z.string().trim().max(100, AUTH_MESSAGES.displayNameTooLong);

const notTheUsername = <T extends { username: string; password: string }>(v: T) => v.password.toLowerCase() !== v.username.toLowerCase();

/**
 * Registration: every rule, including "not the username", and an e-mail address (required: it is verified by
 * a link before anything else is sent to it, decision 108). The name is optional.
 */
export const RegisterSchema = z
  .object({
    username: UsernameSchema,
    password: NewPasswordSchema,
    email: AccountEmailSchema,
    displayName: DisplayNameSchema.optional(),
  })
  .refine(notTheUsername, { message: AUTH_MESSAGES.passwordIsUsername, path: ['password'] });
export type RegisterInput = z.input<typeof RegisterSchema>;

/** An administrator made on the command line (`npm run admin -- create`): the same rules, no e-mail. */
export const NewAdminSchema = z
  .object({ username: UsernameSchema, password: NewPasswordSchema })
  .refine(notTheUsername, { message: AUTH_MESSAGES.passwordIsUsername, path: ['password'] });

export const PASSWORDS_DIFFER = 'Passwords do not match.';

/** The registration form: the same rules, plus a repeated password the server never sees. */
export const RegisterFormSchema = z
  .object({ username: UsernameSchema, email: AccountEmailSchema, password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password.toLowerCase() !== v.username.toLowerCase(), {
    message: AUTH_MESSAGES.passwordIsUsername,
    path: ['password'],
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });

/**
 * Login checks only presence and sane bounds: the rules above may tighten over time, and a login
 * must never hint which part was wrong.
 */
export const LoginSchema = z.object({
  username: z.string(AUTH_MESSAGES.usernameRequired).min(1, AUTH_MESSAGES.usernameRequired).max(256, AUTH_MESSAGES.invalidCredentials),
  password: z.string(AUTH_MESSAGES.passwordRequired).min(1, AUTH_MESSAGES.passwordRequired).max(1024, AUTH_MESSAGES.invalidCredentials),
});
export type LoginInput = z.input<typeof LoginSchema>;

/** What the client knows about the signed-in user (GET /api/user). */
export interface AuthUser {
  id: number;
  username: string;
  isAdmin: boolean;
  /** How to greet the family; null when not given (show the username). */
  displayName?: string | null;
}

/**
 * Login failures within 15 minutes: 10 per address and 10 per username from one client network, then
 * 429. Past 10 for a username from everywhere, each network gets 3 more checked attempts at it.
 */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_ATTACKED_NETWORK_LIMIT = 3;
/** Registrations per address per hour. */
export const REGISTER_LIMIT = 20;
export const REGISTER_WINDOW_MS = 60 * 60_000;

// User management in the dashboard (the admin's inputs and what the user list shows).

export interface AdminUserDto {
  id: number;
  username: string;
  /** The family's name (its own, or its questionnaire's, which fills an empty one); null when none was given. */
  name: string | null;
  /** The verified address family mail goes to; null when none is verified. */
  email: string | null;
  /** An address waiting for its verification link. */
  pendingEmail: string | null;
  isAdmin: boolean;
  createdAt: string;
}

export const SetAdminSchema = z.object({
  id: z.number().int().positive(),
  isAdmin: z.boolean(),
});

/** A new password set by an administrator: the same rules as registration. */
export const ResetPasswordSchema = z.object({
  id: z.number().int().positive(),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

export const LAST_ADMIN_MESSAGE = 'This is the last administrator. Make another user an administrator first.';

// The signed-in user's own account (/account): profile, password change, deletion.

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  newPasswordSame: 'Choose a new password that differs from the current one.',
  deleteConfirm: 'Type DELETE to confirm.',
} as const;

export interface ProfileDto {
  username: string;
  displayName: string | null;
  /** The verified address: the only one the site writes to. */
  email: string | null;
  /** An address given but not verified yet (a verification link was sent to it). */
  pendingEmail: string | null;
}

// Verifying a family's e-mail address (decision 108).

/** How long a verification link works. */
export const VERIFY_LINK_DAYS = 3;
/** Verification e-mails a signed-in family may ask for again, per hour. */
export const VERIFY_RESEND_LIMIT = 3;
export const VERIFY_RESEND_WINDOW_MS = 60 * 60_000;

export const VERIFY_MESSAGES = {
  invalid: 'This verification link is not valid. Ask for a new one from My Family.',
  expired: 'This verification link has expired. Ask for a new one from My Family.',
  superseded: 'This link is for an address that is no longer waiting to be verified. Use the newest link we sent you.',
  nothingPending: 'There is no e-mail address waiting to be verified.',
  tooMany: 'We have sent several verification e-mails already. Please check your inbox (and spam folder), or try again in an hour.',
} as const;

export const VerifyEmailSchema = z.object({
  token: z.string(VERIFY_MESSAGES.invalid).min(1, VERIFY_MESSAGES.invalid).max(600, VERIFY_MESSAGES.invalid),
});

export interface VerifyEmailResult {
  email: string;
  /** True when the link had already been used (opening it twice is harmless). */
  alreadyVerified: boolean;
}

export const UpdateProfileSchema = z.object({
  displayName: DisplayNameSchema,
  /** Blank removes the address (no e-mails can be sent then); a new address waits for its verification link. */
  email: z.union([z.literal(''), AccountEmailSchema]),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string(ACCOUNT_MESSAGES.currentPasswordRequired).min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(1024),
    newPassword: NewPasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: ACCOUNT_MESSAGES.newPasswordSame, path: ['newPassword'] });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

export const DeleteAccountSchema = z.object({
  currentPassword: z.string(ACCOUNT_MESSAGES.currentPasswordRequired).min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(1024),
  confirm: z.literal('DELETE', ACCOUNT_MESSAGES.deleteConfirm),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;
