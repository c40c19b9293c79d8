import { z } from 'zod';
import { GENDERS, LANGUAGES, PROFILE_VISIBILITY, ROLES, THEMES } from './enums';
import { ADDRESS_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';
import { isPlaceholderName, isValidPhone, normalizePhone } from './phone';

/** A phone number as typed, normalised, then checked against the original prototype's pattern. */
export const phoneSchema = z
  .string()
  .trim()
  .transform(normalizePhone)
  .refine(isValidPhone, { message: 'invalid_phone' });


const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const optionalPhone = z
  .union([z.literal(''), phoneSchema])
  .optional()
  .transform((v) => (v ? v : undefined));

/** The spec's sign-up form (section 5). The server checks it again before better-auth runs. */
export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, 'required').max(NAME_MAX),
    // Trim before checking: phones add a trailing space after autocomplete.
    email: z.string().trim().toLowerCase().pipe(z.email('invalid_email')),
    gender: z.enum(GENDERS, { message: 'gender_required' }),
    password: z.string().min(PASSWORD_MIN, 'password_too_short').max(PASSWORD_MAX),
    confirmPassword: z.string(),
    phone: optionalPhone,
    address: optionalText(ADDRESS_MAX),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'passwords_do_not_match',
    path: ['confirmPassword'],
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const settingsSchema = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  updateNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  profileVisibility: z.enum(PROFILE_VISIBILITY),
  showActivityStatus: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsPatchSchema = settingsSchema.partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = {
  theme: 'light',
  language: 'en',
  emailNotifications: true,
  pushNotifications: true,
  updateNotifications: true,
  smsNotifications: true,
  profileVisibility: 'public',
  showActivityStatus: true,
};

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  gender: z.enum(GENDERS).nullable(),
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
  address: z.string().nullable(),
  image: z.string(),
  twoFactorEnabled: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  settings: settingsSchema,
  /**
   * The account has no real name yet (signed up by phone, so named after its number): the web app asks for one
   * before anything else, on every sign-in until it is given.
   */
  needsName: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export const profilePatchSchema = z.object({
  name: z.string().trim().min(1, 'required').max(NAME_MAX),
  gender: z.enum(GENDERS, { message: 'gender_required' }),
  phone: optionalPhone,
  address: optionalText(ADDRESS_MAX),
});
export type ProfilePatch = z.input<typeof profilePatchSchema>;

/**
 * The first step after a phone sign-up: a real name (the profile's rule, and not a phone number again) and, if the
 * person wishes, a gender. Nothing else of the profile changes.
 */
export const nameStepSchema = z.object({
  name: profilePatchSchema.shape.name.refine((name) => !isPlaceholderName(name), { message: 'name_required' }),
  gender: profilePatchSchema.shape.gender.optional(),
});
export type NameStep = z.input<typeof nameStepSchema>;
