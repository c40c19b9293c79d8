import type { Role } from '@railmadad/contract';
import type { IconName } from '../components/ui/icons';

export type NavItem = { to: string; key: string; icon: IconName; roles: readonly Role[] };

const ALL: readonly Role[] = ['passenger', 'staff', 'admin'];
const PASSENGER: readonly Role[] = ['passenger'];
const WORKERS: readonly Role[] = ['staff', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

/** The spec's side menu (section 2), in its order; staff see the admin menu minus Staff Management. */
export const NAV: NavItem[] = [
  { to: '/', key: 'home', icon: 'home', roles: ALL },
  { to: '/dashboard', key: 'dashboard', icon: 'chart', roles: WORKERS },
  { to: '/smart-classification', key: 'smartClassification', icon: 'tag', roles: WORKERS },
  { to: '/quick-resolution', key: 'quickResolution', icon: 'bolt', roles: WORKERS },
  // What passengers sent through the Feedback Form (the passengers' own entry below has the same name).
  { to: '/feedback', key: 'feedback', icon: 'star', roles: WORKERS },
  { to: '/staff', key: 'staff', icon: 'users', roles: ADMIN },
  { to: '/outbox', key: 'outbox', icon: 'inbox', roles: ADMIN },
  { to: '/file-complaint', key: 'fileComplaint', icon: 'file', roles: PASSENGER },
  { to: '/complaints', key: 'complaints', icon: 'inbox', roles: PASSENGER },
  { to: '/track-status', key: 'trackStatus', icon: 'search', roles: PASSENGER },
  { to: '/ai-assistance', key: 'aiAssistance', icon: 'sparkles', roles: PASSENGER },
  { to: '/real-time-support', key: 'realTimeSupport', icon: 'chat', roles: ALL },
  { to: '/multi-lingual', key: 'multiLingual', icon: 'globe', roles: ALL },
  { to: '/feedback-form', key: 'feedback', icon: 'star', roles: PASSENGER },
  { to: '/help', key: 'help', icon: 'help', roles: PASSENGER },
  { to: '/settings', key: 'settings', icon: 'settings', roles: ALL },
];

export const navFor = (role: Role) => NAV.filter((item) => item.roles.includes(role));

/** Where a person lands after signing in. */
export const homeFor = (role: Role) => (role === 'passenger' ? '/' : '/dashboard');
