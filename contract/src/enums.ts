export const ROLES = ['passenger', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that work the complaint queue and see the admin menu. */
export const STAFF_ROLES: readonly Role[] = ['staff', 'admin'];
export const isStaffRole = (role: string | null | undefined): boolean =>
  role === 'staff' || role === 'admin';

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** The spec's translation languages, in its order. */
export const LANGUAGES = [
  'en', 'hi', 'bn', 'te', 'ta', 'mr', 'gu', 'kn', 'ml', 'pa', 'ur', 'as', 'or', 'sa', 'ne', 'sd',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ur', 'sd'];

/** Each language named in its own script, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  te: 'తెలుగు',
  ta: 'தமிழ்',
  mr: 'मराठी',
  gu: 'ગુજરાતી',
  kn: 'ಕನ್ನಡ',
  ml: 'മലയാളം',
  pa: 'ਪੰਜਾਬੀ',
  ur: 'اردو',
  as: 'অসমীয়া',
  or: 'ଓଡ଼ିଆ',
  sa: 'संस्कृतम्',
  ne: 'नेपाली',
  sd: 'سنڌي',
};

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const PROFILE_VISIBILITY = ['public', 'private'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITY)[number];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
