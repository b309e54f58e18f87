import { z } from './zod';
import { ADMIN_ROLES, PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { emailSchema, recordMetaSchema } from './common';

/** Role input is case-insensitive: the create form's initial value is lower-case `admin` (SPEC §3). */
export const adminRoleSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(ADMIN_ROLES, { error: 'Role must be ADMIN or SUPER_ADMIN' }),
);
export type AdminRole = (typeof ADMIN_ROLES)[number];

const PASSWORD_TOO_LONG = 'Password must be at most 200 characters';

const passwordSchema = (required: string, tooShort: string) =>
  z
    .string({ error: required })
    // abort: a blank password gets one message (required), not also the one about its length.
    .min(1, { error: required, abort: true })
    .min(PASSWORD_MIN_LENGTH, { error: tooShort })
    .max(200, { error: PASSWORD_TOO_LONG });

/** A user as the API shows it: never the password or its hash. */
export const adminUserSchema = z
  .object({
    email: z.string(),
    role: z.enum(ADMIN_ROLES),
    isActive: z.boolean(),
  })
  .extend(recordMetaSchema.shape);
export type AdminUser = z.infer<typeof adminUserSchema>;

export const createAdminInputSchema = z.object({
  email: emailSchema(MESSAGES.emailRequired, MESSAGES.emailInvalid),
  password: passwordSchema(MESSAGES.passwordRequired, MESSAGES.passwordTooShort),
  role: adminRoleSchema.default('ADMIN'),
});
export type CreateAdminInput = z.input<typeof createAdminInputSchema>;

export const loginInputSchema = z.object({
  // Each check says what it checks: zod 4 gives a check without its own message the type's error ("… is required").
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, { error: MESSAGES.emailRequired })
    .max(254, { error: MESSAGES.emailInvalid }),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, { error: MESSAGES.passwordRequired })
    .max(200, { error: PASSWORD_TOO_LONG }),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginResponseSchema = z.object({ token: z.string(), admin: adminUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const changePasswordInputSchema = z.object({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, { error: MESSAGES.currentPasswordRequired })
    .max(200, { error: PASSWORD_TOO_LONG }),
  newPassword: passwordSchema(MESSAGES.newPasswordRequired, MESSAGES.newPasswordTooShort),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** The browser form also checks the confirmation; the API never sees it. */
export const changePasswordFormSchema = changePasswordInputSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
