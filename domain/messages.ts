/**
 * Every user-facing message of SPEC §5 and §8, exactly as the spec words them.
 * Functions build the messages that carry a value.
 */
import { PUBLIC_MESSAGES } from './public-messages';
import { VISITOR_MESSAGES } from './visitor-messages';

export const MESSAGES = {
  // §8 texts public pages show (kept in their own module, see public-messages.ts)
  ...PUBLIC_MESSAGES,
  // §5 and §8 texts of the visitors' forms (kept in their own module, see visitor-messages.ts)
  ...VISITOR_MESSAGES,
  // §5 popup request form, create admin
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  // §5 change password
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  newPasswordTooShort: 'New password must be at least 8 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  // §5 community image
  imageNotAnImage: 'Please select an image file',

  // §8 transport
  authExpired: 'Authentication expired. Please login again.',
  noToken: 'No token available',

  // §8 admin
  loginFailed: 'Login failed',
  dashboardLoadFailed: 'Failed to load dashboard data. Please try again.',
  communityDeleted: 'Community deleted successfully',
  communityDeleteFailed: 'Failed to delete community',
  communityUpdated: 'Community updated successfully',
  communityCreated: 'Community created successfully',
  communitySaveFailed: 'Failed to save community',
  uploadFailed: 'Upload failed',
  listingDeleted: 'Listing deleted successfully',
  listingDeleteFailed: 'Failed to delete listing',
  listingUpdated: 'Listing updated successfully',
  listingCreated: 'Listing created successfully',
  listingSaveFailed: 'Failed to save listing',
  propertiesLoadFailed: 'Failed to load properties. Please try again.',
  propertySaveFailed: 'Failed to save property. Please try again.',
  propertyDeleteFailed: 'Failed to delete property. Please try again.',
  propertyDeleteConfirm: 'Are you sure you want to delete this property?',
  adminUsersLoadFailed: 'Failed to load admin users',
  adminCreateFailed: 'Failed to create admin',
  adminDeleted: 'Admin user deleted successfully!',
  adminDeleteNotSuperAdmin: 'Only Super Admins can delete admin users. You do not have sufficient permissions.',
  adminDeleteOwnAccount: 'You cannot delete your own account. Please contact another Super Admin.',
  passwordChangeFailed: 'Failed to change password',
  passwordChanged: 'Password changed successfully!',
  settingsSaveFailed: 'Error saving settings',
  settingsSaved: 'Settings saved successfully!',

  // Server error texts the client matches on (SPEC §8 admins, DESIGN §4)
  superAdminRequired: 'Super admin access required',
  cannotDeleteOwnAccount: 'Cannot delete your own account',
  cannotDeleteLastSuperAdmin: 'Cannot delete the last active super admin',
  invalidCredentials: 'Invalid email or password',
  currentPasswordWrong: 'Current password is incorrect',
  notFound: 'Not found',
  invalidInput: 'Invalid input',
  versionConflict: 'This record was changed by someone else. Reload it and apply your change again.',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request body',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  unauthorized: 'Authentication required',
  storageUnavailable: 'The server cannot save changes right now. Please try again later.',
  internalError: 'Internal server error',
} as const;

export const networkErrorMessage = (message: string): string => `Network error: ${message}`;
export const httpErrorMessage = (status: number): string => `HTTP error! status: ${status}`;
export { popupSuccessMessage } from './visitor-messages';
export const deleteCommunityConfirm = (name: string): string =>
  `Are you sure you want to delete "${name}"? This action cannot be undone.`;
export const deleteListingConfirm = (title: string): string =>
  `Are you sure you want to delete "${title}"? This action cannot be undone.`;
export const adminCreatedMessage = (email: string): string => `Admin user ${email} created successfully!`;
export const adminDeleteFailedMessage = (message: string): string => `Failed to delete admin: ${message}`;
