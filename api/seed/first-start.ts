/**
 * First start with an empty data folder (DESIGN §4 "First start"): the example content from data-seed/ and
 * the first SUPER_ADMIN. No fixed password exists: without ADMIN_PASSWORD a random one is generated, shown
 * once in the start banner and written to DATA_DIR/initial-admin.txt (mode 0600). Demo mode uses a known
 * password so the login form can pre-fill it.
 */
import path from 'node:path';
import { parseSeed } from '../../data-seed';
import type { AppConfig } from '../config';
import { generatePassword, hashPassword } from '../security/passwords';
import type { Storage } from '../storage/storage';
import { writeFileAtomic } from '../uploads/atomic-file';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';
export const DEMO_ADMIN_PASSWORD = 'houston-demo-2026';

export interface FirstStartResult {
  seededContent: boolean;
  /** Present when this start created the first admin. */
  createdAdmin?: { email: string; password: string; passwordWasGenerated: boolean; credentialsFile?: string };
}

/** The first admin's credentials as configured, generated or (demo mode) fixed. */
export function firstAdminCredentials(config: AppConfig): { email: string; password: string; generated: boolean } {
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  if (config.adminPassword) return { email, password: config.adminPassword, generated: false };
  if (config.demoMode) return { email, password: DEMO_ADMIN_PASSWORD, generated: false };
  return { email, password: generatePassword(), generated: true };
}

export async function ensureFirstStart(
  storage: Storage,
  config: AppConfig,
  options: { seedContent?: boolean; writeCredentialsFile?: boolean } = {},
): Promise<FirstStartResult> {
  const result: FirstStartResult = { seededContent: false };
  if ((await storage.count('adminUsers')) > 0) return result; // not a first start

  const admin = firstAdminCredentials(config);
  const passwordHash = await hashPassword(admin.password);
  const seed = options.seedContent === false ? null : parseSeed();

  // Checked again inside the transaction, which runs alone against the latest state (with PostgreSQL: under the
  // write lock, after catching up): of several instances starting together on an empty database, exactly one
  // creates the admin and the example content, and the others start normally instead of failing on the email.
  const created = await storage.transact((tx) => {
    if (tx.list('adminUsers').length > 0) return { admin: false, content: false };
    tx.insert('adminUsers', { email: admin.email, passwordHash, role: 'SUPER_ADMIN', isActive: true });
    const seedContent = seed !== null && tx.list('communities').length === 0 && tx.list('listings').length === 0;
    if (seed && seedContent) {
      for (const community of seed.communities) tx.insert('communities', community);
      for (const listing of seed.listings) tx.insert('listings', listing);
      for (const property of seed.properties) tx.insert('properties', property);
      for (const contact of seed.contacts) tx.insert('contacts', contact);
    }
    return { admin: true, content: seedContent };
  });
  if (!created.admin) return result; // another instance's first start won
  result.seededContent = created.content;

  let credentialsFile: string | undefined;
  if (admin.generated && options.writeCredentialsFile !== false) {
    credentialsFile = path.join(config.dataDir, 'initial-admin.txt');
    // Atomic and durable (the password is shown once, in the start banner): a new file, owner-only (0600), replaces
    // any left by an earlier start, whatever that one's mode.
    await writeFileAtomic(
      credentialsFile,
      `First super admin (created ${new Date().toISOString()})\nemail: ${admin.email}\npassword: ${admin.password}\n\nChange this password after signing in (Settings > Password), then delete this file.\n`,
    );
  }
  result.createdAdmin = {
    email: admin.email,
    password: admin.password,
    passwordWasGenerated: admin.generated,
    credentialsFile,
  };
  return result;
}
