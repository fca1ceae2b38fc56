import { ADMIN_ROLES, emailField, passwordField, usernameField, type SignInNotice } from '@app/contracts';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { translate } from '../../lib/language.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { Accounts } from '../auth/auth.accounts.js';
import type { InstallationRepository } from './installation.repository.js';

/** The first administrator guards every account of the client: a longer password than a student's. */
export const FIRST_ADMIN_PASSWORD_MIN_LENGTH = 12;

/** How long the sign-in notice is kept before the accounts are looked at again. */
const NOTICE_TTL_MS = 10 * 60_000;

const CLIENT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Why the first set-up was refused; nothing was written. */
export class InstallationRefusal extends Error {
  constructor(
    readonly reason: 'invalid' | 'admin-exists' | 'login-taken' | 'institute-of-another-client',
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'InstallationRefusal';
  }
}

const name = (what: string) => z.string().trim().min(1, `${what} is required`).max(200, `${what} is at most 200 characters`);

const FirstAdminInputSchema = z
  .object({
    clientName: name('The client name'),
    /** The client's id (ClientID); by default made from its name. */
    clientId: z.string().trim().optional(),
    instituteName: name('The institute name'),
    city: z.string().trim().max(100).optional(),
    username: usernameField.pipe(z.string().max(100)),
    email: emailField.optional(),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    role: z.enum(ADMIN_ROLES).default('ClientAdmin'),
    password: passwordField.pipe(z.string().min(FIRST_ADMIN_PASSWORD_MIN_LENGTH, `The password must have at least ${FIRST_ADMIN_PASSWORD_MIN_LENGTH} characters`).max(200)),
    /** Create another administrator although one exists (a second client, or a lost sign-in). */
    force: z.boolean().default(false),
  })
  .superRefine((input, ctx) => {
    const clientId = input.clientId ?? clientIdFrom(input.clientName);
    if (!CLIENT_ID_PATTERN.test(clientId)) {
      ctx.addIssue({
        code: 'custom',
        path: ['clientId'],
        message: input.clientId
          ? 'The client id is 1 to 40 lower-case letters, digits and hyphens, starting with a letter or digit'
          : 'No client id can be made from this name: give one (lower-case letters, digits and hyphens)',
      });
    }
  });

export type FirstAdminInput = z.input<typeof FirstAdminInputSchema>;

export interface FirstAdminResult {
  clientId: string;
  clientCreated: boolean;
  instituteId: number;
  instituteCreated: boolean;
  userId: number;
  username: string;
  role: (typeof ADMIN_ROLES)[number];
}

/** A client id from a name: `Sunrise Group` → `sunrise-group`. */
export function clientIdFrom(clientName: string): string {
  return clientName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

export interface InstallationServiceDeps {
  repo: InstallationRepository;
  clock: Clock;
  /** The process's password hasher (argon2id, at most PASSWORD_HASH_CONCURRENCY at once). */
  passwords: Pick<PasswordHasher, 'hash'>;
  /** Auth's check of the demo accounts' passwords (the hashes stay in auth). */
  accounts: Pick<Accounts, 'anySignsInWith'>;
  /** Creates the client with its roles' permissions (the roles service); false when it exists. */
  ensureClient: (client: { id: string; name: string }) => Promise<boolean>;
  /** The demo accounts as the seed makes them, and their published password. */
  demo: { accounts: ReadonlyArray<{ username: string; email: string }>; password: string };
}

/**
 * The installation's own state (decision 041): whether demo accounts with the published password
 * can sign in (the sign-in page's banner and the start's warning), whether an administrator
 * exists, and the first set-up that creates a client, its first institute and administrator.
 */
export function createInstallationService(deps: InstallationServiceDeps) {
  const { repo } = deps;
  let notice: { at: number; value: Promise<SignInNotice> } | undefined;

  /** Whether an active demo account still signs in with the published password; stops at the first. */
  function demoAccountsActive(): Promise<boolean> {
    return deps.accounts.anySignsInWith(deps.demo.accounts, deps.demo.password);
  }

  return {
    /** Looked at again every ten minutes at most: a password check costs a few hundred milliseconds. */
    signInNotice(): Promise<SignInNotice> {
      const now = deps.clock.now().getTime();
      if (!notice || now - notice.at >= NOTICE_TTL_MS) {
        const value = demoAccountsActive().then((demoAccounts) => ({ demoAccounts }));
        notice = { at: now, value };
        value.catch(() => (notice = undefined));
      }
      return notice.value;
    },

    async hasAdministrator(): Promise<boolean> {
      return (await repo.countActive(ADMIN_ROLES)) > 0;
    },

    /**
     * Creates the client (unless it exists), its institute (unless it exists in that client) and
     * the administrator with the operator's password. Refused, writing nothing, on bad input, when
     * an administrator exists (unless forced), or when the username or e-mail is taken.
     */
    async createFirstAdmin(raw: FirstAdminInput): Promise<FirstAdminResult> {
      const parsed = FirstAdminInputSchema.safeParse(raw);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'input'] ??= translate(issue.message, 'en');
        throw new InstallationRefusal('invalid', Object.entries(fields).map(([field, text]) => `${field}: ${text}`).join('\n'), fields);
      }
      const input = parsed.data;
      if (input.password.toLowerCase() === deps.demo.password.toLowerCase() || input.password.toLowerCase().includes(input.username.toLowerCase())) {
        throw new InstallationRefusal('invalid', 'password: choose a password that is neither the published demo password nor contains the username', {
          password: 'weak',
        });
      }
      const clientId = input.clientId ?? clientIdFrom(input.clientName);
      if (!input.force && (await this.hasAdministrator())) {
        throw new InstallationRefusal('admin-exists', 'An administrator account exists already: sign in with it, or give --force to add another.');
      }
      const clash = await repo.findLoginClash(input.username, input.email ?? null);
      if (clash) throw new InstallationRefusal('login-taken', `The username or e-mail is taken by the account "${clash.username}".`);
      const institute = await repo.findInstituteByName(input.instituteName);
      if (institute && institute.clientId !== clientId) {
        throw new InstallationRefusal('institute-of-another-client', `The institute "${input.instituteName}" belongs to the client "${institute.clientId}".`);
      }

      const passwordHash = await deps.passwords.hash(input.password);
      const clientCreated = await deps.ensureClient({ id: clientId, name: input.clientName });
      const now = deps.clock.now();
      const created = await repo.createInstituteAndAdmin(
        { name: input.instituteName, clientId, city: input.city || null },
        {
          username: input.username,
          email: input.email ?? null,
          role: input.role,
          firstName: input.firstName || 'Administrator',
          lastName: input.lastName ?? '',
          passwordHash,
          clientId,
          emailVerified: Boolean(input.email),
          createdAt: now,
          updatedAt: now,
        },
      );
      notice = undefined;
      return { clientId, clientCreated, ...created, username: input.username, role: input.role };
    },
  };
}

export type InstallationService = ReturnType<typeof createInstallationService>;
