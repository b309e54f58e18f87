/**
 * Test support for API tests: a real app (buildApp) on memory storage with the example data, a super admin
 * and a regular admin, and their tokens. Each test app gets its own temporary data folder (uploads).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../api/app';
import { testConfig, type AppConfig } from '../../api/config';
import type { ConnectionGuards } from '../../api/http/connection-guards';
import { ensureFirstStart } from '../../api/seed/first-start';
import { hashPassword } from '../../api/security/passwords';
import type { RateLimitStore } from '../../api/security/rate-limiter';
import { createMemoryStorage } from '../../api/storage/memory-storage';
import type { Storage, StoredAdminUser } from '../../api/storage/storage';

export const SUPER_ADMIN = { email: 'super@example.com', password: 'super-password-1' } as const;
export const ADMIN = { email: 'staff@example.com', password: 'staff-password-1' } as const;

export interface TestApp {
  app: FastifyInstance;
  storage: Storage;
  config: AppConfig;
  superAdmin: StoredAdminUser;
  admin: StoredAdminUser;
  superToken: string;
  adminToken: string;
  /** app.inject with a JSON body and an optional bearer token. */
  request: (options: InjectOptions & { token?: string; json?: unknown }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: boolean;
    config?: Partial<AppConfig>;
    storage?: Storage;
    rateLimits?: RateLimitStore;
    connectionGuards?: Partial<ConnectionGuards>;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hc-api-test-'));
  const config = testConfig({
    dataDir,
    adminEmail: SUPER_ADMIN.email,
    adminPassword: SUPER_ADMIN.password,
    ...options.config,
  });
  const storage = options.storage ?? createMemoryStorage();
  await ensureFirstStart(storage, config, { seedContent: options.seed ?? true, writeCredentialsFile: false });
  const passwordHash = await hashPassword(ADMIN.password);
  const admin = await storage.transact((tx) =>
    tx.insert('adminUsers', { email: ADMIN.email, passwordHash, role: 'ADMIN', isActive: true }),
  );
  const superAdmin = (await storage.findOne('adminUsers', 'email', SUPER_ADMIN.email))!;
  const app = await buildApp({
    config,
    storage,
    rateLimits: options.rateLimits,
    connectionGuards: options.connectionGuards,
  });

  const request: TestApp['request'] = ({ token, json, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
    });

  return {
    app,
    storage,
    config,
    superAdmin,
    admin,
    superToken: app.signToken(superAdmin),
    adminToken: app.signToken(admin),
    request,
    close: async () => {
      await app.close();
      await storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A valid community body for create calls. */
export function communityBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Willow Bend Test',
    location: 'Katy, TX',
    description: 'A test community with trails and a lake.',
    priceRange: '$300s - $500s',
    totalHomes: 120,
    amenities: ['Pool', 'Trails'],
    schools: ['Katy ISD'],
    ...overrides,
  };
}

export function listingBody(communityId: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'The Magnolia',
    communityId,
    address: '123 Test Lane, Katy, TX 77494',
    description: 'Four bedrooms near the lake.',
    price: 425000,
    type: 'HOUSE',
    bedrooms: 4,
    bathrooms: 3.5,
    sqft: 2850,
    status: 'AVAILABLE',
    ...overrides,
  };
}

export function propertyBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Heights Bungalow',
    address: '456 Oak St',
    city: 'Houston',
    state: 'TX',
    zipCode: '77008',
    price: 515000,
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1900,
    propertyType: 'SINGLE_FAMILY',
    status: 'AVAILABLE',
    ...overrides,
  };
}

export function contactBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Maria Lopez',
    email: 'maria@example.com',
    phone: '713-555-0142',
    message: 'We would like to visit this weekend.',
    interest: 'buying',
    fillTimeMs: 15000,
    ...overrides,
  };
}
