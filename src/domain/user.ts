/** Dashboard users, their roles in organizations, invitations and sessions. */

export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

export interface User {
  id: string;
  email: string;
  createdAt: string;
}

/** A user's place in one organization. */
export interface Membership {
  userId: string;
  orgId: string;
  orgName: string;
  role: Role;
  createdAt: string;
}

export interface Member {
  userId: string;
  email: string;
  role: Role;
  createdAt: string;
}

export interface Invitation {
  id: string;
  orgId: string;
  email: string;
  role: Role;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * What a role may do. Owners and admins manage the organization's API keys, members,
 * invitations and projects; members see them and run jobs. Only owners give or take the owner
 * role.
 */
export function canManage(role: Role): boolean {
  return role === "owner" || role === "admin";
}

export function canGrant(actor: Role, role: Role): boolean {
  return actor === "owner" || (actor === "admin" && role !== "owner");
}

/** Lowercase, trimmed; null when it does not look like an email address. */
export function normalizeEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  if (email.length > 254) return null;
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+$/.test(email) ? email : null;
}

/** How long a session lasts without use, and at most. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
